import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function FriendsPage() {
  return <PlaceholderPage title="Friends" description="Friends and study groups will appear here." />;
}
