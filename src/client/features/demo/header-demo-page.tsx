import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function HeaderDemoPage() {
  return <PlaceholderPage title="Header demo" description="A static demo of the header." />;
}
