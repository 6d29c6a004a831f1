import { Play, Repeat } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { useFlashcardSets } from "../flashcards/flashcards.api.ts";
import { QuizView } from "./quiz-view.tsx";

/** SPEC §2.8 Quizzes tab: the study set's flashcard sets, each with Start Quiz, and the quiz itself. */
export function QuizzesTab({ studySetId, studySetTitle }: { studySetId: number; studySetTitle: string }) {
  const sets = useFlashcardSets(studySetId);
  const [activeId, setActiveId] = useState<number | null>(null);
  // A new run each time Start Quiz is pressed: the options are shuffled afresh.
  const [run, setRun] = useState(0);
  const active = sets.data?.find((s) => s.id === activeId);

  // Leaving a quiz puts focus back on its Start Quiz button.
  const returnTo = useRef<number | null>(null);
  useEffect(() => {
    if (activeId !== null || returnTo.current === null) return;
    document.getElementById(`quiz-set-${returnTo.current}-start`)?.focus();
    returnTo.current = null;
  });
  const exit = () => {
    returnTo.current = activeId;
    setActiveId(null);
  };

  if (active) return <QuizView key={run} set={active} onExit={exit} />;

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="quizzes-title">
      <h3 id="quizzes-title" className="text-lg font-semibold">
        Quizzes
        <span className="sr-only"> in {studySetTitle}</span>
      </h3>
      {sets.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading quizzes">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : sets.isError ? (
        <Alert className="flex flex-wrap items-center justify-between gap-2">
          <span>{errorMessage(sets.error, "Could not load the flashcard sets.")}</span>
          <Button size="sm" variant="secondary" onClick={() => sets.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : sets.data.length === 0 ? (
        <div className="grid justify-items-center gap-1 rounded-lg border border-dashed border-border p-6 text-center">
          <p className="font-medium">No quizzes available</p>
          <p className="text-sm text-muted">Create flashcard sets to generate quizzes</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Quizzes">
          {sets.data.map((set) => {
            const titleId = `quiz-set-${set.id}-title`;
            return (
              <li
                key={set.id}
                aria-labelledby={titleId}
                className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4"
              >
                <div className="min-w-0">
                  <h4 id={titleId} className="wrap-anywhere font-semibold">
                    {set.title}
                  </h4>
                  {set.description && <p className="wrap-anywhere text-sm text-muted">{set.description}</p>}
                  <p className="mt-1 text-xs text-muted">
                    {set.cardCount === 0
                      ? "Add flashcards to this set to quiz yourself."
                      : `${set.cardCount} question${set.cardCount === 1 ? "" : "s"}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    id={`quiz-set-${set.id}-start`}
                    size="sm"
                    disabled={set.cardCount === 0}
                    onClick={() => {
                      setRun((r) => r + 1);
                      setActiveId(set.id);
                    }}
                  >
                    <Play className="h-4 w-4" aria-hidden /> Start Quiz
                  </Button>
                  {/* Spaced review of the set, on the student's own schedule (a shared set's too). */}
                  {set.cardCount > 0 && (
                    <Button size="sm" variant="secondary" asChild>
                      <Link href={`/study/review?set=${set.id}`} aria-label={`Review ${set.title}`}>
                        <Repeat className="h-4 w-4" aria-hidden /> Review
                      </Link>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
