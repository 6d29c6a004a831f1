import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function CalendarPage() {
  return (
    <PlaceholderPage title="Calendar" description="Your calendar of tasks and events will appear here." />
  );
}
