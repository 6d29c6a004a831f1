import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { FormInput } from "#client/components/ui/form.tsx";
import { type PomodoroSettings, pomodoroSettingsSchema } from "../../focus-timer.ts";

/** A number field's text as the schema checks it: blank is 0, as Number("") says. */
const asNumber = { setValueAs: (v: unknown) => Number(v) };

const NUMBERS = [
  { name: "workMinutes", label: "Focus (minutes)", max: 180 },
  { name: "shortBreakMinutes", label: "Short break (minutes)", max: 60 },
  { name: "longBreakMinutes", label: "Long break (minutes)", max: 60 },
  { name: "longBreakEvery", label: "Long break after (blocks)", max: 12 },
] as const;

/** The timer's lengths, checked by the machine's own schema; a change applies from the next phase. */
export function PomodoroSettingsForm({
  settings,
  onSave,
}: {
  settings: PomodoroSettings;
  onSave: (settings: PomodoroSettings) => void;
}) {
  const form = useForm<PomodoroSettings>({
    resolver: zodResolver(pomodoroSettingsSchema),
    defaultValues: settings,
  });
  return (
    <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={form.handleSubmit(onSave)} noValidate>
      {NUMBERS.map((f) => (
        <FormInput
          key={f.name}
          form={form}
          name={f.name}
          options={asNumber}
          id={`pomodoro-${f.name}`}
          label={f.label}
          type="number"
          inputMode="numeric"
          min={1}
          max={f.max}
        />
      ))}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("autoStartBreaks")} />
        Start breaks by themselves
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("autoStartWork")} />
        Start the next block after a short break
      </label>
      <Button type="submit" variant="secondary" className="justify-self-start">
        Save timer settings
      </Button>
    </form>
  );
}
