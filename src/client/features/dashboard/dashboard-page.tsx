import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function DashboardPage() {
  return (
    <PlaceholderPage
      title="Home"
      description="Your dashboard of upcoming tasks, study tools and quick actions is on its way."
    />
  );
}
