import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function CoursesPage() {
  return (
    <PlaceholderPage title="My Courses" description="Your Canvas courses and grades will appear here." />
  );
}
