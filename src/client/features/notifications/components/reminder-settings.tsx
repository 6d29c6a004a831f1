import { useEffect, useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/card.tsx";
import { Input, Label } from "#client/components/ui/form.tsx";
import { Switch } from "#client/components/ui/switch.tsx";
import { toast } from "#client/lib/toast.tsx";
import type { ReminderSettings } from "#shared/settings/contract.ts";
import { useReminderSettings, useSaveReminderSettings } from "../notifications.api.ts";
import { disablePush, enablePush, type PushState, pushState } from "../push.ts";

const PUSH_TEXT: Record<PushState, string> = {
  on: "Push notifications are on for this device.",
  off: "Push notifications are off for this device: reminders still appear under the bell.",
  denied:
    "This browser blocks notifications for Studyhall: allow them in the site settings to get push. Reminders still appear under the bell.",
  "no-worker":
    "Push is not available yet on this device (the app's offline worker is not installed). Reminders still appear under the bell.",
  unsupported: "This browser cannot receive push notifications. Reminders still appear under the bell.",
};

/** This device's push state, checked once and after each change. */
export function usePushState() {
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  return [state, setState] as const;
}

/**
 * Turns push on for this device: call from the click that enabled notifications (permission prompts
 * need a user gesture). Problems become a toast; the bell works either way.
 */
export async function turnOnPush(): Promise<PushState> {
  try {
    const state = await enablePush();
    if (state !== "on") toast({ title: "Push notifications unavailable", description: PUSH_TEXT[state] });
    return state;
  } catch {
    toast({
      title: "Could not turn on push notifications",
      description: "Reminders still appear under the bell.",
      variant: "destructive",
    });
    return pushState();
  }
}

const SWITCHES: {
  key: "taskDue" | "dailyReview" | "examPlan" | "quietHours";
  label: string;
  hint: string;
}[] = [
  { key: "taskDue", label: "Task due dates", hint: "24 hours and 1 hour before a task is due." },
  { key: "dailyReview", label: "Daily review", hint: "How many cards are due, once a day." },
  { key: "examPlan", label: "Exam plans", hint: "On days an exam plan has cards for you." },
  { key: "quietHours", label: "Quiet hours", hint: "Hold reminders until quiet hours end." },
];

type TimeKey = "reviewTime" | "quietStart" | "quietEnd";

/** One of the reminder times: a 24-hour HH:MM field that saves each complete time it is given. */
function ReminderTime({
  name,
  label,
  value,
  disabled,
  onChange,
}: {
  name: TimeKey;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (time: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={`reminder-${name}`}>{label}</Label>
      <Input
        id={`reminder-${name}`}
        type="time"
        required
        disabled={disabled}
        className="w-32"
        value={value}
        onChange={(e) => {
          if (/^\d\d:\d\d$/.test(e.target.value)) onChange(e.target.value);
        }}
      />
    </div>
  );
}

/** Push on this device: what its state means, and the one button that turns it on or off. */
function PushControls() {
  const [push, setPush] = usePushState();
  const toggle =
    push === "off"
      ? { label: "Turn on push for this device", variant: "secondary" as const, run: turnOnPush }
      : push === "on"
        ? { label: "Turn off push for this device", variant: "ghost" as const, run: disablePush }
        : null;
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted" role="status">
        {push ? PUSH_TEXT[push] : "Checking push notifications on this device…"}
      </p>
      {toggle && (
        <Button
          variant={toggle.variant}
          size="sm"
          className="justify-self-start"
          onClick={() => void toggle.run().then(setPush)}
        >
          {toggle.label}
        </Button>
      )}
    </div>
  );
}

/**
 * What reminds the student, under Settings > General's 'Enable notifications' (`enabled`): each reminder
 * on or off, the daily review time, quiet hours, and push on this device. A failed load shows nothing:
 * the switch above it still works.
 */
export function ReminderSettingsForm({ enabled }: { enabled: boolean }) {
  const settings = useReminderSettings();
  if (!enabled) return null;
  return (
    <QueryView query={settings} pending={<Skeleton className="h-40" />} error={() => null}>
      {(value) => <ReminderFields value={value} />}
    </QueryView>
  );
}

function ReminderFields({ value }: { value: ReminderSettings }) {
  const save = useSaveReminderSettings();
  const change = (patch: Partial<ReminderSettings>) =>
    save.mutate(
      { ...value, ...patch },
      {
        onSuccess: () => toast({ title: "Settings saved", variant: "success" }),
        onError: () => toast({ title: "Failed to save settings", variant: "destructive" }),
      },
    );
  const time = (name: TimeKey, label: string, disabled: boolean) => (
    <ReminderTime
      name={name}
      label={label}
      value={value[name]}
      disabled={disabled}
      onChange={(t) => change({ [name]: t })}
    />
  );

  return (
    <fieldset className="grid gap-4 border-l-2 border-border pl-4" aria-label="Reminders">
      <legend className="sr-only">Reminders</legend>
      {SWITCHES.map((sw) => (
        <div key={sw.key} className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor={`reminder-${sw.key}`}>{sw.label}</Label>
            <p className="text-xs text-muted">{sw.hint}</p>
          </div>
          <Switch
            id={`reminder-${sw.key}`}
            checked={value[sw.key]}
            onCheckedChange={(checked) => change({ [sw.key]: checked })}
          />
        </div>
      ))}
      <div className="flex flex-wrap gap-4">
        {time("reviewTime", "Daily reminder at", !value.dailyReview && !value.examPlan)}
        {time("quietStart", "Quiet from", !value.quietHours)}
        {time("quietEnd", "Quiet until", !value.quietHours)}
      </div>
      <PushControls />
    </fieldset>
  );
}
