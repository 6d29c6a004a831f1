import type { KeyboardEvent } from "react";
import { Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import type { CalendarItem } from "#shared/calendar/calendar-items.ts";
import { formatDate } from "#shared/date-format.ts";
import { CalendarItemRow } from "./calendar-item-row.tsx";

interface ItemActions {
  onDelete: (item: CalendarItem) => void;
  deleting: (item: CalendarItem) => boolean;
}

/** The selected day's items, each movable by keyboard, and what a keyboard move in progress would do. */
export function SelectedDayCard({
  day,
  items,
  loading,
  onDelete,
  deleting,
  moving,
  onMoveStart,
  onMoveKey,
  onMoveBlur,
}: ItemActions & {
  day: Date;
  items: readonly CalendarItem[];
  loading: boolean;
  moving: { item: CalendarItem; target: Date } | null;
  onMoveStart: (item: CalendarItem) => void;
  onMoveKey: (item: CalendarItem, e: KeyboardEvent) => void;
  onMoveBlur: () => void;
}) {
  return (
    <Card className="grid gap-3">
      <CardTitle>{formatDate(day, "EEEE, MMMM d, yyyy")}</CardTitle>
      {loading ? (
        <Skeleton className="h-16" />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">No events scheduled for this day</p>
      ) : (
        <>
          <ul className="grid gap-2" aria-label="Selected day">
            {items.map((item) => (
              <CalendarItemRow
                key={item.key}
                item={item}
                onDelete={onDelete}
                deleting={deleting(item)}
                moving={moving?.item.key === item.key}
                onMoveStart={() => onMoveStart(item)}
                onMoveKey={(e) => onMoveKey(item, e)}
                onMoveBlur={onMoveBlur}
              />
            ))}
          </ul>
          <p className="text-xs text-muted">
            To move an item by keyboard: press m (or its Move button), then the arrow keys to pick a day,
            Enter to drop it there, Escape to cancel.
          </p>
        </>
      )}
      {moving && (
        <p role="status" className="text-sm font-medium">
          Moving {moving.item.title} to {formatDate(moving.target, "EEEE, MMMM d")}. Enter drops it, Escape
          cancels.
        </p>
      )}
    </Card>
  );
}

/** What comes next, with dates. */
export function UpcomingCard({
  items,
  loading,
  onDelete,
  deleting,
}: ItemActions & { items: readonly CalendarItem[]; loading: boolean }) {
  return (
    <Card className="grid gap-3">
      <CardTitle>Upcoming Events</CardTitle>
      {loading ? (
        <Skeleton className="h-16" />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">Nothing coming up. Enjoy the quiet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Upcoming events">
          {items.map((item) => (
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
  );
}
