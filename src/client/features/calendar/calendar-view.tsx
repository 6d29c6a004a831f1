import { startOfDay, startOfMonth } from "date-fns";
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
  upcomingItems,
} from "#shared/calendar/calendar-items.ts";
import { formatDate } from "#shared/date-format.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { useDeleteEvent, useEvents, useSubscriptionEvents } from "./calendar.api.ts";
import { CalendarItemRow } from "./components/calendar-item-row.tsx";
import { MonthCalendar } from "./components/month-calendar.tsx";

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

export function CalendarView({ tasks }: { tasks: TasksInput }) {
  const events = useEvents();
  // Subscribed feeds are extra: a failure there leaves the student's own calendar as it is.
  const feedEvents = useSubscriptionEvents();
  const remove = useDeleteEvent();
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
  const markedDays = useMemo(() => items.map((i) => i.date), [items]);
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
      <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
        <Card className="px-2 sm:px-5">
          <MonthCalendar
            selected={selected}
            onSelect={select}
            month={month}
            onMonthChange={setMonth}
            markedDays={markedDays}
          />
        </Card>
        <div className="grid content-start gap-6">
          <Card className="grid gap-3">
            <CardTitle>{formatDate(selected, "EEEE, MMMM d, yyyy")}</CardTitle>
            {loading ? (
              <Skeleton className="h-16" />
            ) : dayItems.length === 0 ? (
              <p className="text-sm text-muted">No events scheduled for this day</p>
            ) : (
              <ul className="grid gap-2" aria-label="Selected day">
                {dayItems.map((item) => (
                  <CalendarItemRow key={item.key} item={item} onDelete={onDelete} deleting={deleting(item)} />
                ))}
              </ul>
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
