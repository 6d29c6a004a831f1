import { addDays, isSameDay } from "date-fns";
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { cn } from "#client/lib/cn.ts";
import { type CalendarItem, isAllDay, itemsOnDay, weekDays } from "#shared/calendar/calendar-items.ts";
import { formatDate } from "#shared/date-format.ts";
import { CalendarCaption } from "./calendar-caption.tsx";
import { dropTarget, ItemChip } from "./item-chip.tsx";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const dayKey = (day: Date) => formatDate(day, "yyyy-MM-dd");
/** Where the hours open: the working day, not midnight. */
const FIRST_HOUR_SHOWN = 7;

const hourLabel = (h: number) => formatDate(new Date(2000, 0, 1, h), "h a");
/** The hour labels' column, then the week's seven days. */
const COLUMNS = "grid grid-cols-[2.5rem_repeat(7,minmax(0,1fr))]";

interface DayItems {
  day: Date;
  allDay: CalendarItem[];
  timed: CalendarItem[];
}

/** A day's header: the grid's Tab stop when selected; the arrows and PageUp/PageDown move from it. */
function DayHeader({
  day,
  selected,
  onSelect,
  onKeyDown,
}: {
  day: Date;
  selected: Date;
  onSelect: (day: Date) => void;
  onKeyDown: (e: KeyboardEvent) => void;
}) {
  return (
    <button
      type="button"
      data-week-day={dayKey(day)}
      aria-pressed={isSameDay(day, selected)}
      tabIndex={isSameDay(day, selected) ? 0 : -1}
      aria-current={isSameDay(day, new Date()) ? "date" : undefined}
      onClick={() => onSelect(day)}
      onKeyDown={onKeyDown}
      className={cn(
        "rounded-md py-1 text-center hover:bg-bg focus-visible:outline-2 focus-visible:outline-accent",
        isSameDay(day, selected) && "bg-bg font-bold",
      )}
    >
      <span aria-hidden className="block text-muted">
        {formatDate(day, "EEE")}
      </span>
      <span aria-hidden>{day.getDate()}</span>
      {/* The whole date as the name, without an aria-label that differs from the text shown. */}
      <span className="sr-only">{formatDate(day, "EEEE, MMMM d, yyyy")}</span>
    </button>
  );
}

/** The 24 hours of the week, each item in its hour; an item dropped on an hour moves there. */
function HourGrid({
  scroller,
  byDay,
  onSelect,
  onDropItem,
}: {
  scroller: RefObject<HTMLDivElement | null>;
  byDay: readonly DayItems[];
  onSelect: (day: Date) => void;
  onDropItem: (key: string, day: Date, hour?: number) => void;
}) {
  return (
    <div ref={scroller} className="max-h-[28rem] overflow-y-auto">
      {HOURS.map((hour) => (
        <div key={hour} className={cn(COLUMNS, "min-h-12 border-b border-border")}>
          <span className="pr-1 text-right text-[10px] text-muted">{hourLabel(hour)}</span>
          {byDay.map(({ day, timed }) => (
            <div
              key={dayKey(day)}
              data-slot={`${dayKey(day)}T${String(hour).padStart(2, "0")}`}
              className="grid min-w-0 content-start gap-px border-l border-border p-0.5"
              {...dropTarget((key) => onDropItem(key, day, hour))}
            >
              {timed
                .filter((i) => i.date.getHours() === hour)
                .map((item) => (
                  <ItemChip key={item.key} item={item} showTime onOpen={() => onSelect(day)} />
                ))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The week of the selected day (issue 26): an all-day row (tasks with a date and no time) and a time
 * grid of hours, each item in its hour. The day headers are one Tab stop: arrows move a day, PageUp and
 * PageDown a week. Items are dropped on a day (all-day row) or an hour to move them there.
 */
export function WeekCalendar({
  selected,
  onSelect,
  items,
  onDropItem,
  moveTarget = null,
}: {
  selected: Date;
  onSelect: (day: Date) => void;
  items: readonly CalendarItem[];
  /** An item dragged onto a day, or onto one of its hours. */
  onDropItem: (key: string, day: Date, hour?: number) => void;
  moveTarget?: Date | null;
}) {
  const captionId = useId();
  const days = weekDays(selected);
  const header = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [focusWanted, setFocusWanted] = useState(false);

  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_HOUR_SHOWN * 48;
  }, []);
  useEffect(() => {
    if (!focusWanted) return;
    header.current?.querySelector<HTMLButtonElement>(`[data-week-day="${dayKey(selected)}"]`)?.focus();
    setFocusWanted(false);
  }, [focusWanted, selected]);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, PageUp: -7, PageDown: 7 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    onSelect(addDays(selected, step));
    setFocusWanted(true);
  };

  const byDay: DayItems[] = days.map((day) => {
    const all = itemsOnDay(items, day);
    return { day, allDay: all.filter(isAllDay), timed: all.filter((i) => !isAllDay(i)) };
  });
  const target = (day: Date) => (moveTarget && isSameDay(day, moveTarget) ? "true" : undefined);

  return (
    <div className="grid gap-2" data-testid="week-calendar">
      <CalendarCaption
        id={captionId}
        unit="Week"
        onStep={(step) => onSelect(addDays(selected, step * 7))}
        className="flex items-center justify-between gap-2"
      >
        {formatDate(days[0]!, "MMM d")} – {formatDate(days[6]!, "MMM d, yyyy")}
      </CalendarCaption>
      <section aria-labelledby={captionId} className="grid text-xs">
        <div ref={header} className={COLUMNS}>
          <span />
          {days.map((day) => (
            <DayHeader
              key={dayKey(day)}
              day={day}
              selected={selected}
              onSelect={onSelect}
              onKeyDown={onKeyDown}
            />
          ))}
        </div>
        <div className={cn(COLUMNS, "border-y border-border")} data-testid="week-all-day">
          <span className="self-center pr-1 text-right text-[10px] text-muted">All day</span>
          {byDay.map(({ day, allDay }) => (
            <div
              key={dayKey(day)}
              data-all-day={dayKey(day)}
              data-move-target={target(day)}
              className="grid min-h-8 min-w-0 content-start gap-px border-l border-border p-0.5 data-[move-target=true]:outline-2 data-[move-target=true]:outline-accent"
              {...dropTarget((key) => onDropItem(key, day))}
            >
              {allDay.map((item) => (
                <ItemChip key={item.key} item={item} onOpen={() => onSelect(day)} />
              ))}
            </div>
          ))}
        </div>
        <HourGrid scroller={scroller} byDay={byDay} onSelect={onSelect} onDropItem={onDropItem} />
      </section>
    </div>
  );
}
