import { Field, Select } from "#client/components/ui/form.tsx";
import type { FocusLink } from "../../focus-timer.ts";
import { useStudySets } from "../../study.api.ts";

export interface FocusTaskOption {
  id: number;
  title: string;
}

const encode = (link: FocusLink) => (link ? `${link.type}:${link.id}` : "");
function decode(value: string): FocusLink {
  const [type, id] = value.split(":");
  if ((type === "task" || type === "studySet") && Number(id) > 0) return { type, id: Number(id) };
  return null;
}

/**
 * What the focus time is for: one of the student's open tasks or study sets, or nothing. Changing it
 * mid-block credits the time so far to the old link (the machine's `link` event).
 */
export function FocusLinkSelect({
  tasks,
  value,
  onChange,
}: {
  tasks: FocusTaskOption[];
  value: FocusLink;
  onChange: (link: FocusLink) => void;
}) {
  const sets = useStudySets();
  return (
    <Field id="focus-link" label="Focusing on">
      <Select id="focus-link" value={encode(value)} onChange={(e) => onChange(decode(e.target.value))}>
        <option value="">Nothing in particular</option>
        {tasks.length > 0 && (
          <optgroup label="Tasks">
            {tasks.map((t) => (
              <option key={t.id} value={`task:${t.id}`}>
                {t.title}
              </option>
            ))}
          </optgroup>
        )}
        {(sets.data?.length ?? 0) > 0 && (
          <optgroup label="Study sets">
            {sets.data
              ?.filter((s) => s.id > 0)
              .map((s) => (
                <option key={s.id} value={`studySet:${s.id}`}>
                  {s.title}
                </option>
              ))}
          </optgroup>
        )}
      </Select>
    </Field>
  );
}
