import type { DragEvent } from "react";
import { cn } from "#client/lib/cn.ts";
import { type CalendarItem, itemTone } from "#shared/calendar/calendar-items.ts";
import { formatDate } from "#shared/date-format.ts";
import { toneBorder } from "./calendar-item-row.tsx";

/** The drag's payload type: an item's key (task-12, event-3). */
export const DRAG_TYPE = "application/x-studyhall-item";

/** Lets a cell take a dragged calendar item; `drop` gets the item's key. */
export function dropTarget(drop: (key: string) => void) {
  return {
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
    },
    onDrop: (e: DragEvent) => {
      const key = e.dataTransfer.getData(DRAG_TYPE);
      if (!key) return;
      e.preventDefault();
      drop(key);
    },
  };
}

/**
 * An item's title in a month cell or the week grid: one line, cut with an ellipsis. Dragged (pointer) to
 * another day unless it is read-only (a Canvas assignment); the keyboard moves it from the day's list.
 * Not a Tab stop: the grid has one (its days), the day's list holds the items' controls.
 */
export function ItemChip({
  item,
  showTime = false,
  onOpen,
}: {
  item: CalendarItem;
  showTime?: boolean;
  onOpen: () => void;
}) {
  const done = item.kind === "task" && item.completed;
  return (
    <button
      type="button"
      tabIndex={-1}
      data-testid="calendar-chip"
      data-item={item.key}
      draggable={!item.readOnly}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, item.key);
        e.dataTransfer.effectAllowed = "move";
      }}
      onClick={onOpen}
      title={`${item.title}${item.readOnly ? ` (${item.kind === "feed" ? "subscribed calendar" : "from Canvas"}: cannot be moved)` : ""}`}
      className={cn(
        "block w-full min-w-0 overflow-hidden text-ellipsis whitespace-nowrap rounded-sm border-l-2 bg-bg px-1 text-left text-[11px] leading-4",
        toneBorder[itemTone(item)],
        done && "text-muted line-through",
        !item.readOnly && "cursor-grab",
      )}
    >
      {showTime && <span className="text-muted">{formatDate(item.date, "h:mm")} </span>}
      {item.title}
    </button>
  );
}
