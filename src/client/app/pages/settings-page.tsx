import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function SettingsPage() {
  return <PlaceholderPage title="Settings" description="Profile, general, integrations and AI settings." />;
}
