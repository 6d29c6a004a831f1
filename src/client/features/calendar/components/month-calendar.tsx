import {
  addDays,
  addMonths,
  endOfMonth,
  endOfWeek,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { cn } from "#client/lib/cn.ts";
import { type CalendarItem, cellItems } from "#shared/calendar/calendar-items.ts";
import { formatDate } from "#shared/date-format.ts";
import { CalendarCaption } from "./calendar-caption.tsx";
import { dropTarget, ItemChip } from "./item-chip.tsx";

/** Titles a month cell shows before '+N more'. */
const SHOWN_PER_CELL = 2;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const dayKey = (day: Date) => formatDate(day, "yyyy-MM-dd");

/** The days the month's grid shows: whole weeks, Sunday first, the neighbouring months' days included. */
function gridDays(month: Date): Date[] {
  const days: Date[] = [];
  const last = endOfWeek(endOfMonth(month));
  for (let day = startOfWeek(startOfMonth(month)); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Where each key moves the focused day (the WAI-ARIA date grid keys). */
function moveFor(key: string, day: Date): Date | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return startOfWeek(day);
    case "End":
      return endOfWeek(day);
    case "PageUp":
      return addMonths(day, -1);
    case "PageDown":
      return addMonths(day, 1);
    default:
      return null;
  }
}

/** One day of the month grid: its number (the grid's button) and its first items, dropped on to move. */
function DayCell({
  day,
  month,
  selected,
  tabStop,
  moveTarget,
  items,
  onDropItem,
  onPick,
  onOpen,
  onKeyDown,
}: {
  day: Date;
  month: Date;
  selected: Date;
  tabStop: boolean;
  moveTarget: Date | null;
  items: readonly CalendarItem[];
  onDropItem: (key: string, day: Date) => void;
  onPick: () => void;
  onOpen: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const key = dayKey(day);
  const isSelected = isSameDay(day, selected);
  const cell = cellItems(items, day, SHOWN_PER_CELL);
  const hasItems = cell.shown.length > 0;
  const today = new Date();
  return (
    <td
      data-cell={key}
      data-move-target={moveTarget && isSameDay(day, moveTarget) ? "true" : undefined}
      className="h-20 overflow-hidden border border-border p-0.5 align-top data-[move-target=true]:outline-2 data-[move-target=true]:outline-accent"
      {...dropTarget((itemKey) => onDropItem(itemKey, day))}
    >
      <button
        type="button"
        data-day={key}
        aria-pressed={isSelected}
        tabIndex={tabStop ? 0 : -1}
        aria-label={`${formatDate(day, "EEEE, MMMM d, yyyy")}${hasItems ? ", has events" : ""}`}
        aria-current={isSameDay(day, today) ? "date" : undefined}
        className={cn(
          "mx-auto block h-7 w-7 rounded-full border-2 text-sm hover:bg-bg",
          "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent",
          isSelected ? "border-accent font-bold" : "border-transparent",
          isSameDay(day, today) ? "font-bold text-link" : !isSameMonth(day, month) && "text-muted",
        )}
        onClick={onPick}
        onKeyDown={onKeyDown}
      >
        {day.getDate()}
      </button>
      <div className="mt-0.5 grid gap-px">
        {cell.shown.map((item) => (
          <ItemChip key={item.key} item={item} onOpen={onOpen} />
        ))}
        {cell.more > 0 && (
          <button
            type="button"
            tabIndex={-1}
            onClick={onOpen}
            className="w-full overflow-hidden text-ellipsis whitespace-nowrap text-left text-[11px] text-link hover:underline"
          >
            +{cell.more} more
          </button>
        )}
      </div>
    </td>
  );
}

/**
 * SPEC §2.4 month picker with single-day selection; each day shows its first items' titles and '+N
 * more' (issue 26), and screen readers hear 'has events' as part of the day's name. Items are dropped on
 * a day to move them there. Written here rather than taken from react-day-picker, which with its
 * date-fns locale and styles was 20 KB gzip of the calendar's first load. One day is a Tab stop (the
 * selected one is pressed); the arrows, Home/End and PageUp/PageDown move between days and months.
 */
export function MonthCalendar({
  selected,
  onSelect,
  month,
  onMonthChange,
  items,
  onDropItem,
  moveTarget = null,
}: {
  selected: Date;
  onSelect: (day: Date) => void;
  month: Date;
  onMonthChange: (month: Date) => void;
  items: readonly CalendarItem[];
  /** An item dragged onto a day. */
  onDropItem: (key: string, day: Date) => void;
  /** The day a keyboard move would drop on, outlined. */
  moveTarget?: Date | null;
}) {
  const captionId = useId();
  const grid = useRef<HTMLTableElement>(null);
  // The day the keyboard moved to: it keeps the Tab stop and gets focus once its month is drawn.
  const [focused, setFocused] = useState<Date | null>(null);
  const days = useMemo(() => gridDays(month), [month]);
  const tabStop =
    focused && isSameMonth(focused, month)
      ? focused
      : isSameMonth(selected, month)
        ? selected
        : startOfMonth(month);

  useEffect(() => {
    if (focused) grid.current?.querySelector<HTMLButtonElement>(`[data-day="${dayKey(focused)}"]`)?.focus();
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent, day: Date) => {
    const next = moveFor(event.key, day);
    if (!next) return;
    event.preventDefault();
    if (!isSameMonth(next, month)) onMonthChange(startOfMonth(next));
    setFocused(next);
  };

  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));

  return (
    <div className="studyhall-calendar w-full">
      <CalendarCaption
        id={captionId}
        unit="Month"
        onStep={(step) => onMonthChange(startOfMonth(addMonths(month, step)))}
        className="mb-2 flex items-center justify-between gap-2"
      >
        {formatDate(month, "MMMM yyyy")}
      </CalendarCaption>
      <table ref={grid} aria-labelledby={captionId} className="w-full table-fixed border-collapse">
        <thead aria-hidden>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col" className="h-8 text-xs font-medium text-muted">
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0]!)}>
              {week.map((day) => (
                <DayCell
                  key={dayKey(day)}
                  day={day}
                  month={month}
                  selected={selected}
                  tabStop={isSameDay(day, tabStop)}
                  moveTarget={moveTarget}
                  items={items}
                  onDropItem={onDropItem}
                  onPick={() => {
                    setFocused(null);
                    onSelect(day);
                  }}
                  onOpen={() => onSelect(day)}
                  onKeyDown={(event) => onKeyDown(event, day)}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-center text-xs text-muted">
        Drag an item to another day, or use its Move button in the day's list.
      </p>
    </div>
  );
}
