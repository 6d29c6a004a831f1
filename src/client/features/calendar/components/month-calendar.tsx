import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { formatDate } from "#shared/date-format.ts";

/**
 * SPEC §2.4 month picker with single-day selection; days holding items get a dot, which screen readers
 * hear as part of the day's name.
 */
export function MonthCalendar({
  selected,
  onSelect,
  month,
  onMonthChange,
  markedDays,
}: {
  selected: Date;
  onSelect: (day: Date) => void;
  month: Date;
  onMonthChange: (month: Date) => void;
  markedDays: Date[];
}) {
  return (
    <DayPicker
      mode="single"
      required
      selected={selected}
      onSelect={(day) => day && onSelect(day)}
      month={month}
      onMonthChange={onMonthChange}
      showOutsideDays
      modifiers={{ hasItems: markedDays }}
      modifiersClassNames={{ hasItems: "has-items" }}
      labels={{
        labelDayButton: (date, modifiers) =>
          `${formatDate(date, "EEEE, MMMM d, yyyy")}${modifiers.hasItems ? ", has events" : ""}`,
      }}
      footer={<p className="mt-2 text-center text-xs text-muted">Events marked with a dot</p>}
      className="studyhall-calendar mx-auto"
    />
  );
}
