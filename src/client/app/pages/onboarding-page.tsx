import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function OnboardingPage() {
  return <PlaceholderPage title="Welcome to Studyhall" description="Sign up or sign in." />;
}
