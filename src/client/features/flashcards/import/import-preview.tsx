import { Alert } from "#client/components/ui/card.tsx";
import type { ImportPreview, ImportProblem, ImportResult } from "#shared/flashcards/contract.ts";

const PREVIEW_SHOWN = 50;
const PROBLEMS_SHOWN = 20;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the import will do, in the commit's own counts: a duplicate that the student chose to skip is not
 * one of the flashcards ready, and one to update is named as such. "Flashcards", as sets and the Anki
 * import count them (a reversed card is one flashcard reviewed both ways).
 */
export function importSummary(preview: ImportPreview): string {
  const { imported, updated, skipped } = preview.planned;
  const parts = [`${plural(imported, "flashcard", "flashcards")} ready`];
  if (updated > 0) parts.push(`${plural(updated, "flashcard", "flashcards")} to update`);
  if (skipped > 0) parts.push(`${plural(skipped, "duplicate", "duplicates")} skipped`);
  const kept = preview.duplicates - updated - skipped;
  if (updated === 0 && skipped === 0 && kept > 0)
    parts.push(`${plural(kept, "duplicate", "duplicates")} kept`);
  if (preview.errors.length > 0)
    parts.push(`${plural(preview.errors.length, "line", "lines")} could not be read`);
  return parts.join(", ");
}

/**
 * When no line has the separator chosen (a semicolon CSV from a European Excel read with commas), the
 * lines themselves are fine: the student has to pick the file's separator, which the reasons alone
 * did not say.
 */
export function separatorHint(preview: ImportPreview): string | null {
  const missing = preview.errors.length > 0 && preview.errors.every((e) => e.code === "no_delimiter");
  if (preview.cards.length > 0 || !missing) return null;
  return "No line has the separator chosen. If the file separates front and back with something else (a semicolon, a tab), choose it above and preview again.";
}

/** The import button's words: what pressing it adds (and updates). */
export function importButtonLabel(preview: ImportPreview | null): string {
  if (!preview) return "Import";
  const { imported, updated } = preview.planned;
  const add = `Import ${plural(imported, "flashcard", "flashcards")}`;
  return updated > 0 ? `${add}, update ${updated}` : add;
}

/** The toast after an import: what it did, in the preview's words. */
export function importedTitle(r: ImportResult): string {
  const parts = [`Imported ${plural(r.imported, "flashcard", "flashcards")}`];
  if (r.updated) parts.push(`updated ${r.updated}`);
  if (r.skipped) parts.push(`skipped ${plural(r.skipped, "duplicate", "duplicates")}`);
  if (r.errors.length)
    parts.push(`skipped ${plural(r.errors.length, "unreadable line", "unreadable lines")}`);
  return parts.join(", ");
}

/** What the import will add: a count, the unreadable lines (each with a short excerpt), the first cards. */
export function ImportPreviewList({ preview, skipBad }: { preview: ImportPreview; skipBad: boolean }) {
  return (
    <div className="grid gap-2" aria-live="polite">
      <p className="text-sm font-medium" data-testid="import-summary">
        {importSummary(preview)}
      </p>
      {separatorHint(preview) && <Alert tone="warning">{separatorHint(preview)}</Alert>}
      {preview.errors.length > 0 && (
        <ProblemList
          problems={preview.errors}
          title={skipBad ? "These lines will be skipped:" : "Fix these lines, or choose to skip them:"}
        />
      )}
      <ul className="grid max-h-48 gap-1 overflow-y-auto text-sm" aria-label="Flashcards to import">
        {preview.cards.slice(0, PREVIEW_SHOWN).map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview is replaced whole, never reordered
          <li key={i} className="min-w-0 whitespace-pre-line rounded border border-border p-2 wrap-anywhere">
            <strong>{c.question}</strong> — {c.answer}
            {c.tags.length > 0 && <span className="block text-xs text-muted">Tags: {c.tags.join(", ")}</span>}
          </li>
        ))}
      </ul>
      {preview.cards.length > PREVIEW_SHOWN && (
        <p className="text-xs text-muted">and {preview.cards.length - PREVIEW_SHOWN} more</p>
      )}
    </div>
  );
}

/** Unreadable lines: line number, reason and the excerpt the server sent (at most 80 characters). */
export function ProblemList({ problems, title }: { problems: readonly ImportProblem[]; title: string }) {
  return (
    <Alert tone="warning">
      <p>{title}</p>
      <ul className="list-disc pl-5">
        {problems.slice(0, PROBLEMS_SHOWN).map((e) => (
          <li key={e.line} className="wrap-anywhere">
            Line {e.line}: {e.reason} ({e.text})
          </li>
        ))}
      </ul>
      {problems.length > PROBLEMS_SHOWN && <p>and {problems.length - PROBLEMS_SHOWN} more</p>}
    </Alert>
  );
}
