import { Plus } from "lucide-react";
import { useState } from "react";
import { DeferredDialog, lazyDialog } from "#client/components/deferred-dialog.tsx";
import { PageHeader } from "#client/components/page-header.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Card } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { useNow } from "#client/lib/use-now.ts";
import { itemsOnDay, upcomingItems } from "#shared/calendar/calendar-items.ts";
import { SelectedDayCard, UpcomingCard } from "./components/day-cards.tsx";
import { MonthCalendar } from "./components/month-calendar.tsx";
import { WeekCalendar } from "./components/week-calendar.tsx";
import { type TasksInput, useCalendarItems, useItemMove, useSelectedDay } from "./use-calendar.ts";

const addEventDialog = lazyDialog(
  async () => (await import("./components/add-event-dialog.tsx")).AddEventDialog,
);

type View = "month" | "week";

function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">Calendar view</legend>
      {(["month", "week"] as const).map((v) => (
        <Button
          key={v}
          size="sm"
          variant={view === v ? "primary" : "secondary"}
          aria-pressed={view === v}
          onClick={() => onChange(v)}
        >
          {v === "month" ? "Month" : "Week"}
        </Button>
      ))}
    </fieldset>
  );
}

export function CalendarView({
  tasks,
  onMoveTask,
}: {
  tasks: TasksInput;
  /** Saves a task's new due date (the tasks feature's update, given by the page). */
  onMoveTask: (taskId: number, dueDate: string) => Promise<unknown>;
}) {
  const { items, onDelete, deleting, loading, error, refetch } = useCalendarItems(tasks);
  const { selected, select, month, setMonth } = useSelectedDay();
  const { moving, onDropItem, onMoveKey, startMove, cancelMove } = useItemMove({
    items,
    onMoveTask,
    select,
    setMonth,
  });
  const [view, setView] = useState<View>("month");
  const now = useNow();

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
          <Button size="sm" variant="secondary" onClick={refetch}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="grid gap-3 px-2 sm:px-5">
          <ViewSwitch view={view} onChange={setView} />
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
          <SelectedDayCard
            day={selected}
            items={itemsOnDay(items, selected)}
            loading={loading}
            onDelete={onDelete}
            deleting={deleting}
            moving={moving}
            onMoveStart={startMove}
            onMoveKey={onMoveKey}
            onMoveBlur={cancelMove}
          />
          <UpcomingCard
            items={upcomingItems(items, now)}
            loading={loading}
            onDelete={onDelete}
            deleting={deleting}
          />
        </div>
      </div>
    </div>
  );
}
