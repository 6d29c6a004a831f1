import { RotateCcw } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { toGradeInput } from "#shared/courses/grade-input.ts";
import type { CourseGrades } from "#shared/courses/grades-contract.ts";
import { courseGrade, withWhatIf } from "#shared/courses/what-if.ts";
import { useSaveWhatIf } from "../courses.api.ts";
import { fieldKey, initialInputs, type WhatIfInputs, whatIfScores } from "../what-if-inputs.ts";
import { GradeSummary } from "./grade-summary.tsx";
import { TargetGrade } from "./target-grade.tsx";
import { WhatIfGroup } from "./what-if-group.tsx";

/** Typing settles before a save: one request per pause, not per keystroke. */
const SAVE_AFTER_MS = 500;

/**
 * Canvas Student's What-If for one course: a score over any assignment, the course grade recomputed as it
 * is typed (Canvas's weighting and drop rules, shared/courses/what-if.ts), saved for the student so a reload
 * or another device shows the same scores.
 */
export function WhatIfEditor({ grades }: { grades: CourseGrades }) {
  const form = useForm<WhatIfInputs>({ defaultValues: initialInputs(grades), mode: "onChange" });
  const inputs = useWatch({ control: form.control, name: "scores" });
  const scores = whatIfScores(inputs);
  const key = JSON.stringify(scores);
  const base = useMemo(() => toGradeInput(grades), [grades]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the scores' value
  const withScores = useMemo(() => withWhatIf(base, scores), [base, key]);
  const real = useMemo(() => courseGrade(base), [base]);
  const whatIf = useMemo(() => courseGrade(withScores), [withScores]);

  const save = useSaveWhatIf(grades.courseId);
  const saved = useRef(JSON.stringify(grades.whatIf));
  // biome-ignore lint/correctness/useExhaustiveDependencies: saves when the scores' value changes
  useEffect(() => {
    if (key === saved.current) return;
    const timer = setTimeout(() => {
      saved.current = key;
      save.mutate(JSON.parse(key));
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key]);
  // Leaving the page inside the pause still saves what was typed last.
  const latest = useRef(key);
  useEffect(() => {
    latest.current = key;
  }, [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on unmount
  useEffect(
    () => () => {
      if (latest.current !== saved.current) save.mutate(JSON.parse(latest.current));
    },
    [],
  );

  // Every field named with "": fields left out of a reset keep what they show.
  const reset = () =>
    form.reset({
      scores: Object.fromEntries(
        grades.groups.flatMap((g) => g.assignments.map((a) => [fieldKey(a.id), ""])),
      ),
    });
  const groupGrades = new Map(whatIf.current.groups.map((g) => [g.id, g]));
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" role="status">
          {save.isPending
            ? "Saving..."
            : save.isError
              ? "Could not save the What-If scores."
              : Object.keys(scores).length
                ? "What-If scores saved"
                : ""}
        </p>
        <Button
          variant="secondary"
          onClick={reset}
          disabled={!Object.values(inputs ?? {}).some((v) => v?.trim())}
        >
          <RotateCcw className="h-4 w-4" aria-hidden /> Reset What-If
        </Button>
      </div>
      <GradeSummary real={real} whatIf={whatIf} />
      <TargetGrade input={withScores} />
      {grades.groups.map((g) => (
        <WhatIfGroup
          key={g.id}
          group={g}
          grade={groupGrades.get(g.id)}
          weighted={grades.weighted}
          form={form}
        />
      ))}
    </div>
  );
}
