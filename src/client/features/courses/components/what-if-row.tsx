import type { UseFormReturn } from "react-hook-form";
import { Badge } from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/form.tsx";
import { acceptsWhatIf } from "#shared/courses/grade-input.ts";
import type { GradeAssignment } from "#shared/courses/grades-contract.ts";
import { fieldKey, readScore, type WhatIfInputs } from "../what-if-inputs.ts";

const STATE_BADGES: Partial<
  Record<GradeAssignment["state"], { text: string; tone: "gray" | "yellow" | "blue" }>
> = {
  excused: { text: "Excused", tone: "blue" },
  pending: { text: "Pending review", tone: "yellow" },
  unposted: { text: "Not posted yet", tone: "gray" },
  omitted: { text: "Not counted", tone: "gray" },
};

/** One assignment: its score as Canvas has it and a What-If field over it. */
export function WhatIfRow({
  assignment: a,
  form,
  dropped,
}: {
  assignment: GradeAssignment;
  form: UseFormReturn<WhatIfInputs>;
  dropped: boolean;
}) {
  const name = `scores.${fieldKey(a.id)}` as const;
  const id = `what-if-${a.id}`;
  const value = form.watch(name);
  const invalid = Number.isNaN(readScore(value));
  const badge = STATE_BADGES[a.state];
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border py-2 last:border-0">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium leading-snug">{a.name}</p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <span>
            {a.score ?? "–"} / {a.pointsPossible}
          </span>
          {badge && <Badge tone={badge.tone}>{badge.text}</Badge>}
          {a.missing && <Badge tone="red">Missing</Badge>}
          {dropped && <Badge>Dropped</Badge>}
        </p>
      </div>
      {acceptsWhatIf(a) && (
        <div className="grid gap-1">
          <label htmlFor={id} className="sr-only">
            What-If score for {a.name}
          </label>
          <Input
            id={id}
            inputMode="decimal"
            placeholder="What-If"
            className="w-24"
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            {...form.register(name)}
          />
          {invalid && (
            <p id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-400">
              A score of 0 or more
            </p>
          )}
        </div>
      )}
    </li>
  );
}
