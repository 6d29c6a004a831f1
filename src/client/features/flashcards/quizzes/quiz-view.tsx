import { LogOut } from "lucide-react";
import { useEffect, useMemo, useReducer, useRef } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { shownCard } from "#shared/flashcards/card-sides.ts";
import type { FlashcardSet } from "#shared/flashcards/contract.ts";
import { buildQuiz } from "#shared/flashcards/quiz.ts";
import { useFlashcards, useSaveQuizAttempt } from "../flashcards.api.ts";
import { QuizQuestionCard } from "./quiz-question.tsx";
import { QuizResults, QuizReview } from "./quiz-results.tsx";
import { quizReducer, startQuiz } from "./quiz-state.ts";

/** SPEC §2.8: one flashcard set's quiz, from its cards loaded fresh, to the results and review. */
export function QuizView({ set, onExit }: { set: FlashcardSet; onExit: () => void }) {
  const cards = useFlashcards(set.id);
  const questions = useMemo(() => (cards.data ? buildQuiz(cards.data.map(shownCard)) : null), [cards.data]);

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="quiz-title">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id="quiz-title" className="min-w-0 wrap-anywhere text-lg font-semibold">
          Quiz: {set.title}
        </h3>
        <Button variant="secondary" size="sm" onClick={onExit}>
          <LogOut className="h-4 w-4" aria-hidden /> Exit Quiz
        </Button>
      </div>
      <QueryView
        query={{ ...cards, data: questions ?? undefined }}
        pending={
          <p role="status" className="text-sm text-muted">
            Loading flashcards...
          </p>
        }
        error="Could not load the flashcards."
        empty={<p className="text-sm text-muted">No flashcards yet</p>}
      >
        {(questions) => <QuizRun key={questions.length} set={set} questions={questions} onExit={onExit} />}
      </QueryView>
    </section>
  );
}

function QuizRun({
  set,
  questions,
  onExit,
}: {
  set: FlashcardSet;
  questions: ReturnType<typeof buildQuiz>;
  onExit: () => void;
}) {
  const [state, dispatch] = useReducer(quizReducer, questions, startQuiz);
  const save = useSaveQuizAttempt();
  const saved = useRef(false);

  // Saved once, when the results first show; the server scores the chosen options itself.
  useEffect(() => {
    if (state.phase !== "results" || saved.current) return;
    saved.current = true;
    save.mutate(
      { set, answers: state.answers.map((a) => ({ cardId: a.cardId, chosen: a.chosen })) },
      { onError: (err) => console.error("Failed to save quiz attempt:", err) },
    );
  }, [state.phase, state.answers, set, save]);

  if (state.phase === "results") {
    return (
      <QuizResults
        answers={state.answers}
        saveFailed={save.isError}
        onAgain={onExit}
        onReview={() => dispatch({ type: "review" })}
      />
    );
  }
  if (state.phase === "review") {
    return <QuizReview answers={state.answers} onBack={() => dispatch({ type: "results" })} />;
  }
  return <QuizQuestionCard state={state} dispatch={dispatch} />;
}
