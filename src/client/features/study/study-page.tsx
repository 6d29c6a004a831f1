import { PlaceholderPage } from "#client/components/placeholder-page.tsx";

export function StudyPage() {
  return (
    <PlaceholderPage
      title="Study Center"
      description="Study sets, documents, flashcards and quizzes will appear here."
    />
  );
}
