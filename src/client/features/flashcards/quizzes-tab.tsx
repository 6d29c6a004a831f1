import { Play, Repeat } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { FlashcardSetList } from "./components/flashcard-set-list.tsx";
import { useFlashcardSets } from "./flashcards.api.ts";
import { QuizView } from "./quizzes/quiz-view.tsx";

/** SPEC §2.8 Quizzes tab: the study set's flashcard sets, each with Start Quiz, and the quiz itself. */
export function QuizzesTab({ studySetId, studySetTitle }: { studySetId: number; studySetTitle: string }) {
  const sets = useFlashcardSets(studySetId);
  // The open quiz lives in the URL (?quiz=<id>), so a reload reopens it where the server kept it.
  const [params, setParams] = useSearchParams();
  const quizParam = Number(params.get("quiz"));
  const activeId = Number.isInteger(quizParam) && quizParam > 0 ? quizParam : null;
  const setActiveId = (id: number | null) =>
    setParams(
      (current) => {
        const q = new URLSearchParams(current);
        if (id === null) q.delete("quiz");
        else q.set("quiz", String(id));
        return q;
      },
      { replace: id === null },
    );
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
      <FlashcardSetList
        sets={sets}
        label="Quizzes"
        loadingLabel="Loading quizzes"
        empty={{ title: "No quizzes available", text: "Create flashcard sets to generate quizzes" }}
        titleId={(set) => `quiz-set-${set.id}-title`}
        countLine={(set) =>
          set.cardCount === 0
            ? "Add flashcards to this set to quiz yourself."
            : `${set.cardCount} question${set.cardCount === 1 ? "" : "s"}`
        }
        actions={(set) => (
          <>
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
              <ButtonLink
                size="sm"
                variant="secondary"
                href={`/study/review?set=${set.id}`}
                aria-label={`Review ${set.title}`}
              >
                <Repeat className="h-4 w-4" aria-hidden /> Review
              </ButtonLink>
            )}
          </>
        )}
      />
    </section>
  );
}
