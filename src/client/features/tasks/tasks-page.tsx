import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function TasksPage() {
  return (
    <PlaceholderPage
      title="Tasks and Assignments"
      description="Your tasks and Canvas assignments will appear here."
    />
  );
}
