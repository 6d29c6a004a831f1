import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function GpaPage() {
  return (
    <PlaceholderPage
      title="GPA Calculator"
      description="Your GPA, calculated from completed courses, will appear here."
    />
  );
}
