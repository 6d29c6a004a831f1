import { useId, useState } from "react";
import { Card, CardDescription, CardTitle } from "#client/components/ui/card.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import type { GpaCourse } from "#shared/courses/grades.ts";
import { type NeededGpa, neededGpa } from "#shared/courses/what-if.ts";
import { type TermCourse, TermCredits } from "./term-credits.tsx";

const MAX_GPA = 4;

function sentence(n: NeededGpa, credits: number, target: number): string {
  switch (n.status) {
    case "secured":
      return `You reach ${target.toFixed(2)} whatever this term brings (at worst ${n.worst.toFixed(2)}).`;
    case "reachable":
      return `You need ${n.average.toFixed(2)} grade points on average over this term's ${credits} credits: ${n.letter} or better in every course.`;
    case "unreachable":
      return `${target.toFixed(2)} is out of reach this term: straight A's give ${n.best.toFixed(2)}.`;
    case "nothing-left":
      return "No current courses with credits this term: connect Canvas or sync to count them.";
  }
}

/** Target GPA: the grade points this term's courses must average for the overall GPA to reach it. */
export function TargetGpa({
  completed,
  current,
  saved,
  onSave,
  onCredits,
}: {
  completed: GpaCourse[];
  current: TermCourse[];
  saved: number | null;
  onSave: (target: number | null) => void;
  onCredits: (courseId: number, credits: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(saved === null ? "" : String(saved));
  const value = text.trim() === "" ? null : Number(text);
  const valid = value === null || (Number.isFinite(value) && value >= 0 && value <= MAX_GPA);
  const credits = current.reduce((s, c) => s + c.credits, 0);
  const commit = () => {
    if (valid && value !== saved) onSave(value);
  };
  return (
    <Card className="grid gap-3">
      <CardTitle>Target GPA</CardTitle>
      <CardDescription>
        {current.length} current {current.length === 1 ? "course" : "courses"} this term, {credits} credits.
      </CardDescription>
      <TermCredits courses={current} onSave={onCredits} />
      <div className="max-w-48">
        <Field id={id} label="Target GPA" error={valid ? undefined : `Enter a GPA from 0 to ${MAX_GPA}`}>
          <Input
            id={id}
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_GPA}
            step={0.01}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => e.key === "Enter" && commit()}
            aria-invalid={valid ? undefined : true}
            aria-describedby={valid ? undefined : `${id}-error`}
          />
        </Field>
      </div>
      {valid && value !== null && (
        <p role="status" data-testid="gpa-needed" className="text-sm">
          {sentence(neededGpa({ completed, current, target: value }), credits, value)}
        </p>
      )}
    </Card>
  );
}
