/** Placeholder until the flashcards helper's tab is merged in (same file, same props). */
export function FlashcardsTab(_props: { studySetId: number; studySetTitle: string }) {
  return <p className="text-sm text-muted">Flashcards are coming.</p>;
}
