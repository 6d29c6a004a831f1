import { format, parseISO } from "date-fns";
import { type FormEvent, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { useExamPlan, useSetExam } from "./review.api.ts";

/** A set's exam date and the plan: per day until the exam, how many cards to review. */
export function ExamPanel({ setId }: { setId: number }) {
  const plan = useExamPlan(setId);
  const save = useSetExam(setId);
  const [date, setDate] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A picked day means the morning of that day, in the student's zone.
    if (date) save.mutate(new Date(`${date}T09:00`).toISOString());
  };
  const exam = plan.data?.exam;

  return (
    <section
      aria-labelledby="exam-plan-title"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="exam-plan-title" className="font-semibold">
        Exam plan
      </h2>
      {plan.isPending ? (
        <Skeleton className="h-16" />
      ) : plan.isError ? (
        <Alert>{errorMessage(plan.error, "Could not load the plan.")}</Alert>
      ) : exam ? (
        <div className="grid gap-2">
          <p className="text-sm wrap-anywhere">
            {exam.examTitle} on {format(parseISO(exam.examDate), "EEE d MMM yyyy, h:mm a")}
          </p>
          <ul className="grid gap-1 text-sm" aria-label="Cards to review each day">
            {plan.data.days.map((d) => (
              <li key={d.date} className="flex justify-between gap-2">
                <span>{format(parseISO(d.date), "EEE d MMM")}</span>
                <span>
                  {d.count} {d.count === 1 ? "card" : "cards"}
                </span>
              </li>
            ))}
          </ul>
          {plan.data.belowTarget > 0 && (
            <Alert tone="warning">
              {plan.data.belowTarget} cards cannot reach your desired retention by the exam, even with the
              plan.
            </Alert>
          )}
          <Button
            variant="secondary"
            size="sm"
            className="justify-self-start"
            onClick={() => save.mutate(null)}
          >
            Remove exam date
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">Pick the exam date to see how many cards to review each day.</p>
      )}
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <Field id="exam-date" label="Exam date">
          <Input id="exam-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Button type="submit" disabled={!date || save.isPending}>
          Save exam date
        </Button>
      </form>
      {save.isError && <Alert>{errorMessage(save.error)}</Alert>}
    </section>
  );
}
