import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function SharePage() {
  return <PlaceholderPage title="Study Stats Showcase" description="Shared study stats will appear here." />;
}
