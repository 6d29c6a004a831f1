import { addDays, setHours, startOfDay, startOfMonth } from "date-fns";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { DeferredDialog, lazyDialog } from "#client/components/deferred-dialog.tsx";
import { PageHeader } from "#client/components/page-header.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { useNow } from "#client/lib/use-now.ts";
import {
  type CalendarItem,
  calendarItems,
  itemsOnDay,
  moveToDay,
  upcomingItems,
} from "#shared/calendar/calendar-items.ts";
import { formatDate } from "#shared/date-format.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { useDeleteEvent, useEvents, useMoveEvent, useSubscriptionEvents } from "./calendar.api.ts";
import { CalendarItemRow } from "./components/calendar-item-row.tsx";
import { MonthCalendar } from "./components/month-calendar.tsx";
import { WeekCalendar } from "./components/week-calendar.tsx";

const addEventDialog = lazyDialog(
  async () => (await import("./components/add-event-dialog.tsx")).AddEventDialog,
);

/** The tasks come from the page, which owns the tasks feature's query (features never import each other). */
export interface TasksInput {
  data: Task[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

type View = "month" | "week";
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export function CalendarView({
  tasks,
  onMoveTask,
}: {
  tasks: TasksInput;
  /** Saves a task's new due date (the tasks feature's update, given by the page). */
  onMoveTask: (taskId: number, dueDate: string) => Promise<unknown>;
}) {
  const events = useEvents();
  // Subscribed feeds are extra: a failure there leaves the student's own calendar as it is.
  const feedEvents = useSubscriptionEvents();
  const remove = useDeleteEvent();
  const moveEvent = useMoveEvent();
  const [view, setView] = useState<View>("month");
  // A keyboard move in progress: the item and the day it would land on.
  const [moving, setMoving] = useState<{ item: CalendarItem; target: Date } | null>(null);
  const now = useNow();
  const [selected, setSelected] = useState(() => startOfDay(new Date()));
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const select = (day: Date) => {
    setSelected(startOfDay(day));
    setMonth(startOfMonth(day));
  };

  const items = useMemo(
    () => calendarItems(tasks.data ?? [], events.data ?? [], feedEvents.data ?? []),
    [tasks.data, events.data, feedEvents.data],
  );
  const dayItems = itemsOnDay(items, selected);
  const upcoming = upcomingItems(items, now);

  const onDelete = (item: CalendarItem) => {
    if (item.kind !== "custom") return;
    remove.mutate(item.eventId, {
      onSuccess: () => toast({ title: "Event deleted", description: item.title }),
      onError: (err) =>
        toast({ title: "Could not delete event", description: errorMessage(err), variant: "destructive" }),
    });
  };
  const deleting = (item: CalendarItem) =>
    remove.isPending && item.kind === "custom" && remove.variables === item.eventId;

  /** Moves an item to `day` (its time kept, or to `hour` in the week grid); Canvas items never move. */
  const move = (item: CalendarItem, day: Date, hour?: number) => {
    if (item.readOnly) {
      const title =
        item.kind === "feed"
          ? "Events of a subscribed calendar keep their feed's date"
          : "Canvas assignments keep Canvas's due date";
      toast({ title, variant: "destructive" });
      return;
    }
    let date = moveToDay(item.date, day);
    if (hour !== undefined) date = setHours(date, hour);
    if (date.getTime() === item.date.getTime()) return;
    const iso = date.toISOString();
    const saved =
      item.kind === "task"
        ? onMoveTask(item.taskId, iso)
        : moveEvent.mutateAsync({ id: item.eventId, date: iso });
    select(date);
    saved.then(
      () =>
        toast({
          title: "Moved",
          description: `${item.title} to ${formatDate(date, "EEE, MMM d - h:mm a")}`,
          variant: "success",
        }),
      (err) =>
        toast({
          title: `Could not move ${item.title}`,
          description: errorMessage(err),
          variant: "destructive",
        }),
    );
  };
  const onDropItem = (key: string, day: Date, hour?: number) => {
    const item = items.find((i) => i.key === key);
    if (item) move(item, day, hour);
  };
  /** Keyboard move: started by the item's Move button (or m); arrows pick the day, Enter drops, Escape cancels. */
  const onMoveKey = (item: CalendarItem, e: React.KeyboardEvent) => {
    if (!moving) {
      if (e.key === "m" && !item.readOnly) {
        e.preventDefault();
        setMoving({ item, target: startOfDay(item.date) });
      }
      return;
    }
    const step = KEY_STEPS[e.key];
    if (step !== undefined) {
      e.preventDefault();
      const target = addDays(moving.target, step);
      setMoving({ ...moving, target });
      setMonth(startOfMonth(target));
    } else if (e.key === "Enter") {
      e.preventDefault();
      setMoving(null);
      move(moving.item, moving.target);
    } else if (e.key === "Escape") {
      e.preventDefault();
      setMoving(null);
    }
  };

  const loading = tasks.isPending || events.isPending;
  const error = tasks.error ?? events.error;

  return (
    <div>
      <PageHeader
        title="Calendar"
        subtitle="Your due dates and events, month by month."
        actions={
          <DeferredDialog
            dialog={addEventDialog}
            props={{ day: selected, onAdded: select }}
            trigger={
              <Button>
                <Plus className="h-4 w-4" aria-hidden /> Add Event
              </Button>
            }
          />
        }
      />
      {error ? (
        <Alert className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <span>{errorMessage(error, "Could not load your calendar.")}</span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              tasks.refetch();
              events.refetch();
            }}
          >
            Try again
          </Button>
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="grid gap-3 px-2 sm:px-5">
          <fieldset className="flex gap-1">
            <legend className="sr-only">Calendar view</legend>
            {(["month", "week"] as const).map((v) => (
              <Button
                key={v}
                size="sm"
                variant={view === v ? "primary" : "secondary"}
                aria-pressed={view === v}
                onClick={() => setView(v)}
              >
                {v === "month" ? "Month" : "Week"}
              </Button>
            ))}
          </fieldset>
          {view === "month" ? (
            <MonthCalendar
              selected={selected}
              onSelect={select}
              month={month}
              onMonthChange={setMonth}
              items={items}
              onDropItem={onDropItem}
              moveTarget={moving?.target ?? null}
            />
          ) : (
            <WeekCalendar
              selected={moving?.target ?? selected}
              onSelect={select}
              items={items}
              onDropItem={onDropItem}
              moveTarget={moving?.target ?? null}
            />
          )}
        </Card>
        <div className="grid content-start gap-6">
          <Card className="grid gap-3">
            <CardTitle>{formatDate(selected, "EEEE, MMMM d, yyyy")}</CardTitle>
            {loading ? (
              <Skeleton className="h-16" />
            ) : dayItems.length === 0 ? (
              <p className="text-sm text-muted">No events scheduled for this day</p>
            ) : (
              <>
                <ul className="grid gap-2" aria-label="Selected day">
                  {dayItems.map((item) => (
                    <CalendarItemRow
                      key={item.key}
                      item={item}
                      onDelete={onDelete}
                      deleting={deleting(item)}
                      moving={moving?.item.key === item.key}
                      onMoveStart={() => setMoving({ item, target: startOfDay(item.date) })}
                      onMoveKey={(e) => onMoveKey(item, e)}
                      onMoveBlur={() => setMoving(null)}
                    />
                  ))}
                </ul>
                <p className="text-xs text-muted">
                  To move an item by keyboard: press m (or its Move button), then the arrow keys to pick a
                  day, Enter to drop it there, Escape to cancel.
                </p>
              </>
            )}
            {moving && (
              <p role="status" className="text-sm font-medium">
                Moving {moving.item.title} to {formatDate(moving.target, "EEEE, MMMM d")}. Enter drops it,
                Escape cancels.
              </p>
            )}
          </Card>
          <Card className="grid gap-3">
            <CardTitle>Upcoming Events</CardTitle>
            {loading ? (
              <Skeleton className="h-16" />
            ) : upcoming.length === 0 ? (
              <p className="text-sm text-muted">Nothing coming up. Enjoy the quiet.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Upcoming events">
                {upcoming.map((item) => (
                  <CalendarItemRow
                    key={item.key}
                    item={item}
                    showDate
                    onDelete={onDelete}
                    deleting={deleting(item)}
                  />
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
