import { useEffect, useRef } from "react";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { useSaveQuizAttempt } from "../flashcards.api.ts";
import { cardPrompt } from "./card-text.ts";
import { ModeFrame, NoCards, SessionLoading } from "./mode-frame.tsx";
import { RunControls, StarButton } from "./run-controls.tsx";
import { newSeed } from "./study-run.ts";
import { TestResults } from "./test-results.tsx";
import { TestSetup } from "./test-setup.tsx";
import { TestSheet } from "./test-sheet.tsx";
import { attemptAnswers, dealTest, gradeTest, resumableTest, startTest } from "./test-state.ts";
import { useStudyRun } from "./use-study-run.ts";

/** Test mode: a chosen mix of question kinds, answered on one sheet, graded and saved as a quiz attempt. */
export function TestStudy({ set, onClose }: { set: FlashcardSet; onClose: () => void }) {
  return (
    <ModeFrame
      set={set}
      mode="Test"
      keys="Keys: Tab moves between questions, arrow keys choose an option, Enter submits."
      onClose={onClose}
    >
      {(cards, starred) => <TestSession set={set} cards={cards} starred={starred} />}
    </ModeFrame>
  );
}

const start = (ids: number[]) => startTest(ids, newSeed());

function TestSession({ set, cards, starred }: { set: FlashcardSet; cards: Flashcard[]; starred: number[] }) {
  const { state, change, restart } = useStudyRun({
    setId: set.id,
    mode: "test",
    cards,
    starred,
    start,
    parse: resumableTest,
  });
  const save = useSaveQuizAttempt();
  const submitted = useRef(false);
  const s = state?.run;
  // Saved once, as the sheet is handed in; the server grades each kind itself.
  useEffect(() => {
    if (s?.phase !== "results" || !submitted.current) return;
    submitted.current = false;
    save.mutate({ set, answers: attemptAnswers(s) });
  }, [s, set, save]);
  if (!state || !s) return <SessionLoading />;
  return (
    <div className="grid min-w-0 gap-4">
      <RunControls opts={state.opts} starredCount={starred.length} onRestart={restart} />
      {s.ids.length === 0 ? (
        <NoCards />
      ) : s.phase === "setup" ? (
        <TestSetup
          available={s.ids.length}
          onStart={(kinds, count) => change((r) => dealTest(r, cards, kinds, count))}
        />
      ) : s.phase === "sheet" ? (
        <TestSheet
          state={s}
          cards={cards}
          star={(cardId) => (
            <StarButton
              setId={set.id}
              cardId={cardId}
              starred={starred.includes(cardId)}
              card={cardPrompt(cards.find((c) => c.id === cardId)!)}
            />
          )}
          onAnswer={(cardId, value) => change((r) => ({ ...r, answers: { ...r.answers, [cardId]: value } }))}
          onSubmit={() => {
            submitted.current = true;
            change((r) => ({ ...r, phase: "results" }));
          }}
        />
      ) : (
        <TestResults {...gradeTest(s, cards)} saveFailed={save.isError} onAgain={() => restart()} />
      )}
    </div>
  );
}
