import { PlaceholderPage } from "#client/components/placeholder-page.tsx";
import { CalendarFeedCard } from "#client/features/calendar/components/calendar-feed-card.tsx";
import { GoogleCalendarCard } from "#client/features/calendar/components/google-calendar-card.tsx";

export function SettingsPage() {
  return (
    <div className="grid gap-4">
      <PlaceholderPage title="Settings" description="Profile, general, integrations and AI settings." />
      {/* Integrations tab content (calendar issue); the settings issue places these in its tab. */}
      <CalendarFeedCard />
      <GoogleCalendarCard />
    </div>
  );
}
