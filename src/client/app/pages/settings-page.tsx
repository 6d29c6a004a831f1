import { lazy, Suspense } from "react";
import { useSearchParams } from "wouter";
import { PageHeader } from "#client/components/page-header.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { useMe } from "#client/features/auth/auth.api.ts";
import { ProfileSettings } from "#client/features/auth/components/profile-settings.tsx";
import { useChatProvider } from "#client/features/chat/chat.api.ts";
import { ProviderStatus } from "#client/features/chat/provider-status.tsx";
import {
  ReminderSettingsForm,
  turnOnPush,
} from "#client/features/notifications/components/reminder-settings.tsx";
import { AiSettings, GeneralSettings } from "#client/features/settings/components/preferences-form.tsx";
import { useSaveSettings, useSettings } from "#client/features/settings/settings.api.ts";
import { errorMessage } from "#client/lib/api.ts";
import { applyTheme, storedTheme } from "#client/lib/theme.ts";
import { toast } from "#client/lib/toast.tsx";
import type { Settings } from "#shared/settings/contract.ts";

const IntegrationsSettings = lazy(async () => ({
  default: (await import("./settings-integrations.tsx")).IntegrationsSettings,
}));

const AccountSettings = lazy(async () => ({
  default: (await import("#client/features/settings/components/account-settings.tsx")).AccountSettings,
}));

const SETTINGS_TABS = ["profile", "account", "general", "integrations", "ai"] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

/** One save model (issue 9 §3): every control saves when changed, with SPEC §8's toast. */
function useChangeSettings(value: Settings | undefined, onModelSaved: () => void) {
  const save = useSaveSettings();
  return (patch: Partial<Settings>) => {
    if (!value) return;
    if (patch.theme) applyTheme(patch.theme); // at once, and remembered on this device
    // Turning notifications on asks for push permission within this click (browsers want a gesture).
    if (patch.notificationsEnabled) void turnOnPush();
    save.mutate(
      { ...value, ...patch },
      {
        onSuccess: () => {
          // The model the assistant uses follows the saved choice.
          if (patch.aiModel) onModelSaved();
          toast({
            title: "Settings saved",
            description: "Your preferences have been updated.",
            variant: "success",
          });
        },
        onError: () =>
          toast({
            title: "Failed to save settings",
            description: "There was an error saving your preferences.",
            variant: "destructive",
          }),
      },
    );
  };
}

export function SettingsPage() {
  // The open tab lives in the URL, so a reload (or a link from elsewhere) lands on the same tab.
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab");
  const me = useMe();
  const provider = useChatProvider();
  const settings = useSettings();
  // This device's theme is what the student sees, so it is what the form shows.
  const value = settings.data && { ...settings.data, theme: storedTheme() ?? settings.data.theme };

  const change = useChangeSettings(value, () => void provider.refetch());

  const user = me.data;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Settings"
        subtitle="Manage your account and preferences. Changes are saved as you make them."
      />
      <Tabs
        value={SETTINGS_TABS.includes(tab as SettingsTab) ? tab! : "profile"}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
      >
        <TabsList aria-label="Settings sections">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="integrations">Integrations</TabsTrigger>
          <TabsTrigger value="ai">AI Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">{user && <ProfileSettings user={user} />}</TabsContent>
        <TabsContent value="account">
          <Suspense fallback={<Skeleton className="h-56" />}>
            <AccountSettings />
          </Suspense>
        </TabsContent>
        <TabsContent value="general">
          <QueryView
            query={{ status: settings.status, data: value, error: settings.error }}
            pending={<Skeleton className="h-56" />}
            error={(err) => <Alert>Could not load your settings. {errorMessage(err, "")}</Alert>}
          >
            {(v) => (
              <GeneralSettings
                value={v}
                onChange={change}
                reminders={<ReminderSettingsForm enabled={v.notificationsEnabled} />}
              />
            )}
          </QueryView>
        </TabsContent>
        <TabsContent value="integrations" className="grid gap-4">
          <Suspense fallback={<Skeleton className="h-56" />}>
            <IntegrationsSettings />
          </Suspense>
        </TabsContent>
        <TabsContent value="ai" className="grid gap-4">
          {value ? (
            <AiSettings
              value={value}
              onChange={change}
              models={provider.data?.models}
              active={provider.data?.model}
            />
          ) : (
            <Skeleton className="h-40" />
          )}
          <ProviderStatus />
        </TabsContent>
      </Tabs>
    </div>
  );
}
