import { Fragment, type ReactNode } from "react";
import { Card, CardDescription, CardTitle } from "#client/components/ui/card.tsx";
import { Field, Label, Select } from "#client/components/ui/form.tsx";
import { Switch } from "#client/components/ui/switch.tsx";
import { cn } from "#client/lib/cn.ts";
import { AI_MODELS } from "#shared/constants.ts";
import type { Settings, Theme } from "#shared/settings/contract.ts";

type Change = (patch: Partial<Settings>) => void;

const THEME_LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System default" };

/** General's on/off settings, in the order they show. */
const SWITCHES: {
  key: "notificationsEnabled" | "autoSync" | "showProgressToFriends";
  id: string;
  label: string;
  description: string;
}[] = [
  {
    key: "notificationsEnabled",
    id: "settings-notifications",
    label: "Enable notifications",
    description: "Reminders for due tasks, daily reviews and exam plans.",
  },
  {
    key: "autoSync",
    id: "settings-autosync",
    label: "Auto-sync with Canvas",
    description: "Fetch new assignments when you open Studyhall.",
  },
  {
    key: "showProgressToFriends",
    id: "settings-show-progress",
    label: "Show my progress to friends",
    description: "Your friends see your level and current study streak on their Friends page.",
  },
];

/** `reminders`: what reminds, drawn under 'Enable notifications' (the notifications feature's form). */
export function GeneralSettings({
  value,
  onChange,
  reminders,
}: {
  value: Settings;
  onChange: Change;
  reminders?: ReactNode;
}) {
  return (
    <Card className="grid gap-5">
      <div>
        <CardTitle>General</CardTitle>
        <CardDescription>Appearance and behaviour.</CardDescription>
      </div>
      <Field id="settings-theme" label="Theme">
        <Select
          id="settings-theme"
          value={value.theme}
          onChange={(e) => onChange({ theme: e.target.value as Theme })}
        >
          {Object.entries(THEME_LABELS).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      {SWITCHES.map((sw) => (
        <Fragment key={sw.key}>
          <SwitchRow
            id={sw.id}
            label={sw.label}
            description={sw.description}
            checked={value[sw.key]}
            onChange={(checked) => onChange({ [sw.key]: checked })}
          />
          {sw.key === "notificationsEnabled" && reminders}
        </Fragment>
      ))}
    </Card>
  );
}

function SwitchRow(props: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <Label htmlFor={props.id}>{props.label}</Label>
        <p className="text-xs text-muted">{props.description}</p>
      </div>
      <Switch id={props.id} checked={props.checked} onCheckedChange={props.onChange} />
    </div>
  );
}

const MODEL_LABELS: Record<string, string> = {
  "gpt-4o": "gpt-4o (recommended)",
  "gpt-3.5-turbo": "gpt-3.5-turbo (faster)",
};

/**
 * `models` are those the server offers (OpenAI's, or a configured server's own); `active` is the one it
 * uses for this student, checked when the saved choice is not offered.
 */
export function AiSettings({
  value,
  onChange,
  models = AI_MODELS,
  active,
}: {
  value: Settings;
  onChange: Change;
  models?: readonly string[];
  active?: string | null;
}) {
  const checked = models.includes(value.aiModel) ? value.aiModel : (active ?? undefined);
  return (
    <Card className="grid gap-4">
      <div>
        <CardTitle>AI Settings</CardTitle>
        <CardDescription>The model the AI assistant uses when an AI server is configured.</CardDescription>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Model</legend>
        {models.map((m) => (
          <label
            key={m}
            className={cn(
              "flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm",
              checked === m ? "border-accent bg-accent/5" : "border-border",
            )}
          >
            <input
              type="radio"
              name="ai-model"
              value={m}
              checked={checked === m}
              onChange={() => onChange({ aiModel: m })}
              className="accent-[var(--color-accent)]"
            />
            {MODEL_LABELS[m] ?? m}
          </label>
        ))}
      </fieldset>
    </Card>
  );
}
