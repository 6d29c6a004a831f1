import { Link } from "wouter";
import { QueryView } from "#client/components/query-view.tsx";
import { Badge, Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { calendarItems, itemsOnDay } from "#shared/calendar/calendar-items.ts";
import type { CalendarEvent } from "#shared/calendar/contract.ts";
import { formatDate } from "#shared/date-format.ts";
import type { Exam } from "#shared/review/exam-contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { dueBadge, formatDueDate, nextDueTasks } from "#shared/tasks/task-rules.ts";

export interface GlanceData {
  tasks: Task[] | undefined;
  events: CalendarEvent[] | undefined;
  isPending: boolean;
  error: unknown;
  /** Upcoming exams with the cards their plan puts in today (issue 11), from the review feature. */
  exams?: Exam[] | undefined;
}

const linkClass = "text-sm font-medium text-link hover:underline";

/** What a student checks first: the next five deadlines and what is on today. */
export function AtAGlance({ data, now }: { data: GlanceData; now: Date }) {
  // Each card keeps the height its loading placeholder had (five deadlines; a few events), so the
  // sections below do not jump when the lists arrive (layout shift was 0.07 on Home).
  const state = {
    status: data.isPending ? "pending" : data.error ? "error" : "success",
    data,
    error: data.error,
  } as const;
  const body = (minHeight: string, content: () => React.ReactNode) => (
    <div className={minHeight}>
      <QueryView query={state} pending={<Skeleton className={minHeight} />} error="Could not load this.">
        {content}
      </QueryView>
    </div>
  );
  const nextDue = nextDueTasks(data.tasks ?? []);
  const today = itemsOnDay(calendarItems(data.tasks ?? [], data.events ?? []), now);

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="grid content-start gap-3">
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Next due</CardTitle>
          <Link href="/tasks" className={linkClass}>
            All tasks
          </Link>
        </div>
        {body("min-h-53", () =>
          nextDue.length === 0 && !data.exams?.some((e) => e.today > 0) ? (
            <p className="text-sm text-muted">Nothing due. Add a task with a due date to see it here.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Next due tasks">
              {data.exams
                ?.filter((e) => e.today > 0)
                .map((e) => (
                  <li key={`exam-${e.id}`} className="min-w-0 text-sm">
                    <Link
                      href={`/study/review?set=${e.flashcardSetId}`}
                      className="font-medium text-link hover:underline wrap-anywhere"
                    >
                      Review {e.today} {e.today === 1 ? "card" : "cards"} for {e.examTitle} (
                      {formatDate(new Date(e.examDate), "MMM d")})
                    </Link>
                  </li>
                ))}
              {nextDue.map((t) => {
                const badge = dueBadge(t.dueDate, now);
                return (
                  <li key={t.id} className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="line-clamp-2 text-sm font-medium">{t.title}</p>
                      <p className="text-xs text-muted">{formatDueDate(t.dueDate!)}</p>
                    </div>
                    <Badge tone={badge.tone} className="shrink-0">
                      {badge.text}
                    </Badge>
                  </li>
                );
              })}
            </ul>
          ),
        )}
      </Card>
      <Card className="grid content-start gap-3">
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Today</CardTitle>
          <Link href="/calendar" className={linkClass}>
            Open calendar
          </Link>
        </div>
        {body("min-h-24", () =>
          today.length === 0 ? (
            <p className="text-sm text-muted">No events scheduled for today.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Today's events">
              {today.map((i) => (
                <li key={i.key} className="flex items-center justify-between gap-2 text-sm">
                  <span className="line-clamp-2 min-w-0">
                    <span className="mr-2 text-muted">{formatDate(i.date, "h:mm a")}</span>
                    {i.title}
                  </span>
                  <Badge tone={i.kind === "task" ? "gray" : "blue"}>
                    {i.kind === "task" ? "Task" : "Event"}
                  </Badge>
                </li>
              ))}
            </ul>
          ),
        )}
      </Card>
    </div>
  );
}
