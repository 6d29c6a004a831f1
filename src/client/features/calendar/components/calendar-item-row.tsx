import { Move, Trash2 } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Badge } from "#client/components/ui/card.tsx";
import { cn } from "#client/lib/cn.ts";
import { type CalendarItem, type ItemTone, itemTone } from "#shared/calendar/calendar-items.ts";
import { formatDate } from "#shared/date-format.ts";
import { plainText } from "#shared/tasks/task-rules.ts";

/** The left border's colour of an item's tone: rows and month/week chips alike. */
export const toneBorder: Record<ItemTone, string> = {
  red: "border-l-red-500",
  yellow: "border-l-yellow-500",
  green: "border-l-green-500",
  blue: "border-l-blue-500",
  purple: "border-l-purple-500",
  orange: "border-l-orange-500",
  pink: "border-l-pink-500",
  teal: "border-l-teal-500",
};

/** One calendar entry: left border by priority (events blue), a Task/Event badge (SPEC §2.4). */
export function CalendarItemRow({
  item,
  showDate = false,
  onDelete,
  deleting = false,
  moving = false,
  onMoveStart,
  onMoveKey,
  onMoveBlur,
}: {
  item: CalendarItem;
  showDate?: boolean;
  onDelete?: (item: CalendarItem) => void;
  deleting?: boolean;
  /** The keyboard move (issue 26): this item is being moved. */
  moving?: boolean;
  onMoveStart?: () => void;
  onMoveKey?: (e: KeyboardEvent) => void;
  onMoveBlur?: () => void;
}) {
  const description = plainText(item.description);
  const done = item.kind === "task" && item.completed;
  return (
    <li
      data-testid="calendar-item"
      className={cn(
        "flex gap-3 rounded-lg border border-l-4 border-border bg-surface p-3",
        toneBorder[itemTone(item)],
      )}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn("font-medium wrap-anywhere", done && "text-muted line-through")}>
            {item.title}
          </span>
          <Badge tone={item.kind === "custom" ? "blue" : "gray"}>
            {item.kind === "task" ? "Task" : item.kind === "feed" ? "Subscribed" : "Event"}
          </Badge>
        </div>
        <time dateTime={item.date.toISOString()} className="text-xs text-muted">
          {item.kind === "feed" && item.allDay
            ? showDate
              ? `${formatDate(item.date, "EEE, MMM d")} - all day`
              : "All day"
            : formatDate(item.date, showDate ? "EEE, MMM d - h:mm a" : "h:mm a")}
        </time>
        {description && <p className="mt-1 line-clamp-2 text-sm wrap-anywhere text-muted">{description}</p>}
      </div>
      {onMoveStart && !item.readOnly && (
        <Button
          variant={moving ? "primary" : "ghost"}
          size="icon"
          aria-label={`Move ${item.title}`}
          aria-pressed={moving}
          aria-keyshortcuts="m"
          onClick={() => (moving ? undefined : onMoveStart())}
          onKeyDown={onMoveKey}
          onBlur={onMoveBlur}
          className="shrink-0 text-muted hover:text-fg"
        >
          <Move className="h-4 w-4" aria-hidden />
        </Button>
      )}
      {item.kind === "custom" && onDelete && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete event ${item.title}`}
          disabled={deleting}
          onClick={() => onDelete(item)}
          className="shrink-0 text-muted hover:text-red-600"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      )}
    </li>
  );
}
