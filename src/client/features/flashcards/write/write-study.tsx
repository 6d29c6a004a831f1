import { useState } from "react";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { ModeFrame, NoCards, SessionLoading } from "../modes/mode-frame.tsx";
import { RunControls, StarButton } from "../modes/run-controls.tsx";
import { useStudyRun } from "../modes/use-study-run.ts";
import { WritePrompt } from "./write-prompt.tsx";
import { isFinished, resumable, startWrite, type WriteAction, writeReducer } from "./write-state.ts";
import { WriteSummary } from "./write-summary.tsx";

/** Write mode: type each answer; graded leniently, with 'I was right' for what the grader missed. */
export function WriteStudy({ set, onClose }: { set: FlashcardSet; onClose: () => void }) {
  return (
    <ModeFrame
      set={set}
      mode="Write"
      keys="Type the answer and press Enter. Enter again goes on."
      onClose={onClose}
    >
      {(cards, starred) => <WriteSession setId={set.id} cards={cards} starred={starred} />}
    </ModeFrame>
  );
}

/** The run is kept on the server (and the device, offline): a reload or another device resumes it. */
function WriteSession({ setId, cards, starred }: { setId: number; cards: Flashcard[]; starred: number[] }) {
  const {
    state: session,
    change,
    restart,
  } = useStudyRun({
    setId,
    mode: "write",
    cards,
    starred,
    start: startWrite,
    parse: resumable,
  });
  const [announce, setAnnounce] = useState("");
  if (!session) return <SessionLoading />;
  const state = session.run;
  const dispatch = (action: WriteAction) => change((s) => writeReducer(s, action));
  const byId = new Map(cards.map((c) => [c.id, c]));
  const card = byId.get(state.order[state.at]!);

  return (
    <div className="grid min-w-0 gap-4">
      <RunControls
        opts={session.opts}
        starredCount={starred.length}
        onRestart={(opts) => {
          restart(opts);
          setAnnounce("Started again.");
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <p>
          {isFinished(state) ? "Round finished" : `Card ${state.at + 1} of ${state.order.length}`}
          {state.round > 1 && ` · round ${state.round}`}
        </p>
        <p>
          {state.right.length} right · {state.wrong.length} to learn
        </p>
        {card && !isFinished(state) && (
          <StarButton setId={setId} cardId={card.id} starred={starred.includes(card.id)} />
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {state.order.length === 0 ? (
        <NoCards />
      ) : card && !isFinished(state) ? (
        <WritePrompt key={`${state.round}-${state.at}`} card={card} state={state} dispatch={dispatch} />
      ) : (
        <WriteSummary
          state={state}
          missed={state.wrong.map((id) => byId.get(id)).filter((c): c is Flashcard => c !== undefined)}
          onRetryMissed={() => dispatch({ type: "retryMissed" })}
          onRestart={() => restart()}
        />
      )}
    </div>
  );
}
