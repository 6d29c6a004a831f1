import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function AchievementsPage() {
  return (
    <PlaceholderPage
      title="Achievements"
      description="Your achievements and study streak will appear here."
    />
  );
}
