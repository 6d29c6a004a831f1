import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function AuthDemoPage() {
  return <PlaceholderPage title="Auth demo" description="A static demo of the sign-in screen." />;
}
