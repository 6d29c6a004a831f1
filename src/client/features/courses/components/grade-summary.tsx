import { Card } from "#client/components/ui/card.tsx";
import { gradeFromScore } from "#shared/courses/grades.ts";
import type { CourseGrade } from "#shared/courses/what-if.ts";
import { percentText } from "../what-if-inputs.ts";

function GradeStat({
  label,
  value,
  before,
  hint,
}: {
  label: string;
  value: number | null;
  before: number | null;
  hint: string;
}) {
  const letter = gradeFromScore(value);
  return (
    <Card className="grid content-start gap-1 p-3 sm:p-5" role="group" aria-label={`${label} grade`}>
      <p className="text-xs text-muted sm:text-sm">{label}</p>
      <p className="text-2xl font-bold tabular-nums sm:text-3xl">
        {percentText(value)}
        {letter && <span className="ml-2 text-lg font-semibold text-muted">{letter}</span>}
      </p>
      <p className="text-xs text-muted">
        {value !== before ? `Without What-If: ${percentText(before)}` : hint}
      </p>
    </Card>
  );
}

/** The course grade, recomputed as What-If scores are typed; aria-live so a screen reader hears it change. */
export function GradeSummary({ real, whatIf }: { real: CourseGrade; whatIf: CourseGrade }) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-4" aria-live="polite">
      <GradeStat
        label="Current"
        value={whatIf.current.percent}
        before={real.current.percent}
        hint="Graded work only"
      />
      <GradeStat
        label="Final"
        value={whatIf.final.percent}
        before={real.final.percent}
        hint="Ungraded work counts as 0"
      />
    </div>
  );
}
