import type { UseFormReturn } from "react-hook-form";
import { Field, Input, Select } from "#client/components/ui/form.tsx";
import { WEEKDAYS } from "#shared/tasks/recurrence.ts";
import type { TaskDialogValues } from "./task-fields.tsx";

const DAY_LABELS = { MO: "Mon", TU: "Tue", WE: "Wed", TH: "Thu", FR: "Fri", SA: "Sat", SU: "Sun" } as const;
const UNIT = { daily: "days", weekly: "weeks", monthly: "months", none: "" } as const;

/** Repeat (issue 26): daily, weekly on chosen days, monthly by date or weekday; every N; an end. */
export function RepeatFields({
  form,
  inSeries,
}: {
  form: UseFormReturn<TaskDialogValues>;
  inSeries: boolean;
}) {
  const { register, watch } = form;
  const repeat = watch("series.repeat");
  const end = watch("series.end");
  const error = form.formState.errors.series?.repeat?.message;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-medium">Repeat</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="task-repeat" label="Repeats" error={error}>
          <Select id="task-repeat" {...register("series.repeat")}>
            <option value="none">Does not repeat</option>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
            <option value="monthly">Monthly</option>
          </Select>
        </Field>
        {repeat !== "none" && (
          <Field id="task-interval" label={`Every how many ${UNIT[repeat]}`}>
            <Input
              id="task-interval"
              type="number"
              min={1}
              inputMode="numeric"
              {...register("series.interval")}
            />
          </Field>
        )}
      </div>
      {repeat === "weekly" && (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="mb-1 text-sm">On (none chosen: the due date's day)</legend>
          {WEEKDAYS.map((d) => (
            <label key={d} className="inline-flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                value={d}
                className="h-4 w-4 accent-accent"
                {...register("series.days")}
              />
              {DAY_LABELS[d]}
            </label>
          ))}
        </fieldset>
      )}
      {repeat === "monthly" && (
        <Field id="task-monthly-on" label="On">
          <Select id="task-monthly-on" {...register("series.monthlyOn")}>
            <option value="day">The due date's day of the month</option>
            <option value="weekday">The due date's weekday (e.g. 2nd Tuesday)</option>
          </Select>
        </Field>
      )}
      {repeat !== "none" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="task-repeat-end" label="Ends">
            <Select id="task-repeat-end" {...register("series.end")}>
              <option value="never">Never</option>
              <option value="count">After a number of times</option>
              <option value="until">On a date</option>
            </Select>
          </Field>
          {end === "count" && (
            <Field id="task-repeat-count" label="Times">
              <Input id="task-repeat-count" type="number" min={1} {...register("series.count")} />
            </Field>
          )}
          {end === "until" && (
            <Field id="task-repeat-until" label="Last date">
              <Input id="task-repeat-until" type="date" {...register("series.until")} />
            </Field>
          )}
        </div>
      )}
      {inSeries && (
        <Field id="task-scope" label="Apply changes to">
          <Select id="task-scope" {...register("series.scope")}>
            <option value="this">This task only</option>
            <option value="future">This and all future tasks</option>
          </Select>
        </Field>
      )}
    </fieldset>
  );
}
