/** Placeholder until the quizzes helper's tab is merged in (same file, same props). */
export function QuizzesTab(_props: { studySetId: number; studySetTitle: string }) {
  return <p className="text-sm text-muted">Quizzes are coming.</p>;
}
