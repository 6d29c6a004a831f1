import { useId, useState } from "react";
import { Card, CardTitle } from "#client/components/ui/card.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import { type CourseGradeInput, type Needed, neededOnRemaining } from "#shared/courses/what-if.ts";
import { parseTarget } from "../what-if-inputs.ts";

function sentence(needed: Needed, target: string): string {
  switch (needed.status) {
    case "secured":
      return `You reach ${target} even with 0 on everything left (at worst ${needed.worst}%).`;
    case "reachable":
      return `You need ${needed.percent}% on the remaining work (${needed.points} points) for ${target}.`;
    case "unreachable":
      return `${target} is out of reach: full marks on everything left gives ${needed.best}%.`;
    case "nothing-left":
      return `Nothing is left to score: the course stands at ${needed.grade ?? "—"}%.`;
  }
}

/** "What do I need on the remaining work for a B+?", over the grades with the What-If scores in. */
export function TargetGrade({ input }: { input: CourseGradeInput }) {
  const id = useId();
  const [text, setText] = useState("B");
  const target = parseTarget(text);
  const label = typeof target === "number" ? `${target}%` : (target ?? "");
  return (
    <Card className="grid gap-3">
      <CardTitle>What do I need?</CardTitle>
      <div className="max-w-56">
        <Field
          id={id}
          label="Target grade (letter or %)"
          error={
            target === null && text.trim() !== ""
              ? "Enter a letter like B+ or a percentage like 85"
              : undefined
          }
        >
          <Input
            id={id}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={target === null ? true : undefined}
            aria-describedby={target === null ? `${id}-error` : undefined}
          />
        </Field>
      </div>
      {target !== null && (
        <p role="status" data-testid="needed" className="text-sm">
          {sentence(neededOnRemaining(input, target), label)}
        </p>
      )}
    </Card>
  );
}
