import { useEffect, useState } from "react";
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

/**
 * What reminds the student, under Settings > General's 'Enable notifications' (`enabled`): each reminder
 * on or off, the daily review time, quiet hours, and push on this device.
 */
export function ReminderSettingsForm({ enabled }: { enabled: boolean }) {
  const settings = useReminderSettings();
  const save = useSaveReminderSettings();
  const [push, setPush] = usePushState();
  const value = settings.data;
  if (!enabled) return null;
  if (!value) return settings.isError ? null : <Skeleton className="h-40" />;

  const change = (patch: Partial<ReminderSettings>) =>
    save.mutate(
      { ...value, ...patch },
      {
        onSuccess: () => toast({ title: "Settings saved", variant: "success" }),
        onError: () => toast({ title: "Failed to save settings", variant: "destructive" }),
      },
    );
  const time = (key: "reviewTime" | "quietStart" | "quietEnd", label: string, disabled: boolean) => (
    <div className="grid gap-1">
      <Label htmlFor={`reminder-${key}`}>{label}</Label>
      <Input
        id={`reminder-${key}`}
        type="time"
        required
        disabled={disabled}
        className="w-32"
        value={value[key]}
        onChange={(e) => {
          if (/^\d\d:\d\d$/.test(e.target.value)) change({ [key]: e.target.value });
        }}
      />
    </div>
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
      <div className="grid gap-2">
        <p className="text-xs text-muted" role="status">
          {push ? PUSH_TEXT[push] : "Checking push notifications on this device…"}
        </p>
        {push === "off" && (
          <Button
            variant="secondary"
            size="sm"
            className="justify-self-start"
            onClick={() => void turnOnPush().then(setPush)}
          >
            Turn on push for this device
          </Button>
        )}
        {push === "on" && (
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => void disablePush().then(setPush)}
          >
            Turn off push for this device
          </Button>
        )}
      </div>
    </fieldset>
  );
}
