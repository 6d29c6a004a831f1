import { CalendarFeedCard } from "#client/features/calendar/components/calendar-feed-card.tsx";
import { CalendarSubscriptionsCard } from "#client/features/calendar/components/calendar-subscriptions-card.tsx";
import { GoogleCalendarCard } from "#client/features/calendar/components/google-calendar-card.tsx";
import { CanvasSettingsCard } from "#client/features/canvas/components/canvas-settings-card.tsx";

/** Settings > Integrations, its own chunk: Canvas forms, feed dialogs and dates load when the tab opens. */
export function IntegrationsSettings() {
  return (
    <>
      <CanvasSettingsCard />
      <CalendarFeedCard />
      <CalendarSubscriptionsCard />
      <GoogleCalendarCard />
    </>
  );
}
