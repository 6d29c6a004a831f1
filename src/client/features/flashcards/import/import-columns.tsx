import { Field, Select } from "#client/components/ui/form.tsx";
import type { ImportColumnRole } from "#shared/flashcards/contract.ts";

/** The roles a student chooses among; a role read from a header row beyond these is offered as read. */
const ROLE_LABELS: Record<ImportColumnRole, string> = {
  front: "Front",
  back: "Back",
  hint: "Hint",
  tags: "Tags",
  ignore: "Ignore",
  type: "Card type",
  guid: "Anki note id",
  deck: "Deck",
};
const OFFERED: readonly ImportColumnRole[] = ["front", "back", "hint", "tags", "ignore"];

/** One choice per column of a CSV, prefilled with what the preview read; a change previews again. */
export function ImportColumns({
  columns,
  error,
  onChange,
}: {
  columns: readonly ImportColumnRole[];
  error: string | null;
  onChange: (next: ImportColumnRole[]) => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? "import-columns-error" : undefined}>
      <legend className="ui-label">What each column holds</legend>
      <div className="flex min-w-0 flex-wrap gap-3">
        {columns.map((role, index) => {
          const id = `import-column-${index + 1}`;
          const choices = OFFERED.includes(role) ? OFFERED : [...OFFERED, role];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
            <div key={index} className="w-32 min-w-0">
              <Field id={id} label={`Column ${index + 1} holds`}>
                <Select
                  id={id}
                  value={role}
                  onChange={(e) =>
                    onChange(columns.map((r, i) => (i === index ? (e.target.value as ImportColumnRole) : r)))
                  }
                >
                  {choices.map((choice) => (
                    <option key={choice} value={choice}>
                      {ROLE_LABELS[choice]}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
          );
        })}
      </div>
      {error && (
        <p id="import-columns-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
