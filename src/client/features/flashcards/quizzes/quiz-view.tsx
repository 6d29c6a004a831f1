import { LogOut } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { useSaveQuizAttempt } from "../flashcards.api.ts";
import { ModeFrame, SessionLoading } from "../modes/mode-frame.tsx";
import { RunControls, StarButton } from "../modes/run-controls.tsx";
import { useStudyRun } from "../modes/use-study-run.ts";
import { QuizQuestionCard } from "./quiz-question.tsx";
import { QuizResults, QuizReview } from "./quiz-results.tsx";
import { buildQuestions, fromQuizState, resumableQuiz, startSavedQuiz, toQuizState } from "./quiz-run.ts";
import { type QuizAction, quizReducer } from "./quiz-state.ts";

/** SPEC §2.8: one flashcard set's quiz, from its cards loaded fresh, to the results and review. */
export function QuizView({ set, onExit }: { set: FlashcardSet; onExit: () => void }) {
  const exit = (
    <>
      <LogOut className="h-4 w-4" aria-hidden /> Exit Quiz
    </>
  );
  return (
    <ModeFrame set={set} mode="Quiz" onClose={onExit} closeLabel={exit}>
      {(cards, starred) => <QuizRun set={set} cards={cards} starred={starred} onExit={onExit} />}
    </ModeFrame>
  );
}

/** The quiz in progress, kept on the server: a reload or another device resumes at the same question. */
function QuizRun({
  set,
  cards,
  starred,
  onExit,
}: {
  set: FlashcardSet;
  cards: Flashcard[];
  starred: number[];
  onExit: () => void;
}) {
  const {
    state: session,
    change,
    restart,
  } = useStudyRun({
    setId: set.id,
    mode: "quiz",
    cards,
    starred,
    start: startSavedQuiz,
    parse: resumableQuiz,
  });
  const saved = session?.run;
  const order = saved?.order;
  const seed = saved?.seed;
  const questions = useMemo(
    () => (order && seed !== undefined ? buildQuestions({ order, seed }, cards) : []),
    [order, seed, cards],
  );
  const save = useSaveQuizAttempt();
  const sent = useRef(false);
  const state = saved ? toQuizState(saved, questions) : null;

  // Saved once, when the results first show; the server scores the chosen options itself.
  useEffect(() => {
    if (state?.phase !== "results" || sent.current) return;
    sent.current = true;
    save.mutate(
      { set, answers: state.answers.map((a) => ({ cardId: a.cardId, chosen: a.chosen })) },
      { onError: (err) => console.error("Failed to save quiz attempt:", err) },
    );
  }, [state?.phase, state?.answers, set, save]);

  if (!session || !saved || !state) return <SessionLoading />;
  const dispatch = (action: QuizAction) =>
    change((r) => fromQuizState(quizReducer(toQuizState(r, questions), action), r));
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
  return (
    <div className="grid min-w-0 gap-4">
      <RunControls opts={session.opts} starredCount={starred.length} onRestart={restart} />
      {questions.length === 0 ? (
        <p className="text-sm text-muted">No cards to quiz with these options.</p>
      ) : (
        <>
          <StarButton
            setId={set.id}
            cardId={state.questions[state.index]!.cardId}
            starred={starred.includes(state.questions[state.index]!.cardId)}
          />
          <QuizQuestionCard setId={set.id} state={state} dispatch={dispatch} />
        </>
      )}
    </div>
  );
}
