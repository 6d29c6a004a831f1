import { addDays, setHours, startOfDay, startOfMonth } from "date-fns";
import { type KeyboardEvent, useMemo, useState } from "react";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { type CalendarItem, calendarItems, moveToDay } from "#shared/calendar/calendar-items.ts";
import { formatDate } from "#shared/date-format.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { useDeleteEvent, useEvents, useMoveEvent, useSubscriptionEvents } from "./calendar.api.ts";

/** The tasks come from the page, which owns the tasks feature's query (features never import each other). */
export interface TasksInput {
  data: Task[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** The selected day and the month shown: selecting a day shows its month. */
export function useSelectedDay() {
  const [selected, setSelected] = useState(() => startOfDay(new Date()));
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const select = (day: Date) => {
    setSelected(startOfDay(day));
    setMonth(startOfMonth(day));
  };
  return { selected, select, month, setMonth };
}

/** The tasks, the student's events and subscribed feeds as one list of items, and deleting an event. */
export function useCalendarItems(tasks: TasksInput) {
  const events = useEvents();
  // Subscribed feeds are extra: a failure there leaves the student's own calendar as it is.
  const feedEvents = useSubscriptionEvents();
  const remove = useDeleteEvent();
  const items = useMemo(
    () => calendarItems(tasks.data ?? [], events.data ?? [], feedEvents.data ?? []),
    [tasks.data, events.data, feedEvents.data],
  );

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
  const refetch = () => {
    tasks.refetch();
    events.refetch();
  };

  return {
    items,
    onDelete,
    deleting,
    loading: tasks.isPending || events.isPending,
    error: tasks.error ?? events.error,
    refetch,
  };
}

/**
 * Moving items: dropped on a day (or an hour of the week grid), or by keyboard, started by the item's
 * Move button (or m): arrows pick the day, Enter drops, Escape cancels. Canvas and feed items never move.
 */
export function useItemMove({
  items,
  onMoveTask,
  select,
  setMonth,
}: {
  items: readonly CalendarItem[];
  onMoveTask: (taskId: number, dueDate: string) => Promise<unknown>;
  select: (day: Date) => void;
  setMonth: (month: Date) => void;
}) {
  const moveEvent = useMoveEvent();
  // A keyboard move in progress: the item and the day it would land on.
  const [moving, setMoving] = useState<{ item: CalendarItem; target: Date } | null>(null);

  /** Moves an item to `day` (its time kept, or to `hour` in the week grid). */
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
  const onMoveKey = (item: CalendarItem, e: KeyboardEvent) => {
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
  const startMove = (item: CalendarItem) => setMoving({ item, target: startOfDay(item.date) });

  return { moving, onDropItem, onMoveKey, startMove, cancelMove: () => setMoving(null) };
}
