import { parseISO } from "date-fns";
import { CalendarDays, ClipboardList } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "wouter";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import { ApiError, errorMessage } from "#client/lib/api.ts";
import { formatDate } from "#shared/date-format.ts";
import type { ExamPlanView } from "#shared/review/exam-contract.ts";
import { examDayBounds, examMomentOf } from "../exam-day.ts";
import { useExamCandidates, useExamPlan, useSetExam } from "../exams.api.ts";

/** Typing settles for this long before the search asks the server. */
const SEARCH_DELAY_MS = 250;

function useSettled(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The student's upcoming tasks (Canvas assignments too) and events, searchable: pick one as the exam. */
export function ExamPicker({
  onPick,
  busy,
}: {
  onPick: (c: { taskId: number } | { eventId: number }) => void;
  busy: boolean;
}) {
  const [search, setSearch] = useState("");
  const candidates = useExamCandidates(useSettled(search));
  return (
    <div className="grid gap-2">
      <Field id="exam-search" label="Or pick an assignment or event">
        <Input
          id="exam-search"
          type="search"
          placeholder="Search your tasks and events"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Field>
      <QueryView
        query={candidates}
        pending={<Skeleton className="h-10" />}
        error="Could not load your tasks and events."
        empty={
          <p className="text-sm text-muted">
            {search.trim()
              ? "No upcoming task or event matches."
              : "No upcoming tasks or events with a date."}
          </p>
        }
      >
        {(list) => (
          <ul className="grid max-h-64 gap-1 overflow-y-auto" aria-label="Upcoming tasks and events">
            {list.map((c) => {
              const Icon = c.kind === "task" ? ClipboardList : CalendarDays;
              return (
                <li key={`${c.kind}-${c.id}`}>
                  <Button
                    variant="ghost"
                    className="h-auto w-full justify-start gap-2 py-2 text-left"
                    disabled={busy}
                    onClick={() => onPick(c.kind === "task" ? { taskId: c.id } : { eventId: c.id })}
                  >
                    <Icon className="h-4 w-4 shrink-0" aria-hidden />
                    <span className="grid min-w-0">
                      <span className="wrap-anywhere font-medium">{c.title}</span>
                      <span className="text-xs text-muted">
                        {c.kind === "task" ? "Task" : "Event"},{" "}
                        {formatDate(parseISO(c.date), "EEE d MMM yyyy, h:mm a")}
                      </span>
                    </span>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </div>
  );
}

/** The exam and, per day until it, the cards to review; a warning when some cannot make it. */
function PlanDays({
  plan,
  exam,
  onRemove,
}: {
  plan: ExamPlanView;
  exam: NonNullable<ExamPlanView["exam"]>;
  onRemove?: (() => void) | undefined;
}) {
  return (
    <div className="grid gap-2">
      <p className="text-sm wrap-anywhere" data-testid="exam-summary">
        {exam.examTitle} on {formatDate(parseISO(exam.examDate), "EEE d MMM yyyy, h:mm a")}
      </p>
      <ul className="grid max-w-sm gap-1 text-sm" aria-label="Cards to review each day">
        {plan.days.map((d) => (
          <li key={d.date} className="flex justify-between gap-2">
            <span>{formatDate(parseISO(d.date), "EEE d MMM")}</span>
            <span>
              {d.count} {d.count === 1 ? "card" : "cards"}
            </span>
          </li>
        ))}
      </ul>
      {plan.belowTarget > 0 && (
        <Alert tone="warning">
          {plan.belowTarget} cards cannot reach your desired retention by the exam, even with the plan.
        </Alert>
      )}
      {onRemove && (
        <Button variant="secondary" size="sm" className="justify-self-start" onClick={onRemove}>
          Remove exam date
        </Button>
      )}
    </div>
  );
}

/**
 * A set's next exam (a date picked, or one of the student's tasks or events) and the plan: per day until
 * the exam, how many cards to review. Only the set's owner has one: for a set shared with them the panel
 * stays away. `planOnly` (on /study/exams, whose list adds, edits and removes exams) shows the plan alone.
 */
export function ExamPanel({ setId, planOnly = false }: { setId: number; planOnly?: boolean }) {
  const plan = useExamPlan(setId);
  const save = useSetExam(setId);
  const [date, setDate] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (date) save.mutate({ examDate: examMomentOf(date) });
  };
  if (plan.data?.canPlan === false) return null;
  if (plan.error instanceof ApiError && plan.error.code === "not_found") return null;

  return (
    <section
      aria-labelledby="exam-plan-title"
      className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="exam-plan-title" className="font-semibold">
        Exam plan
      </h2>
      <QueryView query={plan} pending={<Skeleton className="h-16" />} error="Could not load the plan.">
        {(data) =>
          data.exam ? (
            <PlanDays
              plan={data}
              exam={data.exam}
              onRemove={planOnly ? undefined : () => save.mutate(null)}
            />
          ) : (
            <p className="text-sm text-muted">
              {planOnly
                ? "This set has no upcoming exam: add one above to see how many cards to review each day."
                : "Pick the exam date, or the assignment or event it is, to see how many cards to review each day."}
            </p>
          )
        }
      </QueryView>
      {!planOnly && (
        <Link
          href={`/study/exams?set=${setId}`}
          className="justify-self-start text-sm text-link hover:underline"
        >
          All exams of this set
        </Link>
      )}
      {planOnly ? null : (
        <>
          <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
            <Field id="exam-date" label="Exam date">
              <Input
                id="exam-date"
                type="date"
                {...examDayBounds()}
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            </Field>
            <Button type="submit" disabled={!date || save.isPending}>
              Save exam date
            </Button>
          </form>
          <ExamPicker onPick={(choice) => save.mutate(choice)} busy={save.isPending} />
          {save.isError && <Alert>{errorMessage(save.error)}</Alert>}
        </>
      )}
    </section>
  );
}
