import { Shuffle } from "lucide-react";
import { useEffect, useReducer, useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { shownCard } from "#shared/flashcards/card-sides.ts";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { useFlashcards } from "../flashcards.api.ts";
import { WritePrompt } from "./write-prompt.tsx";
import { isFinished, resumable, shuffled, startWrite, writeReducer, writeStore } from "./write-state.ts";
import { WriteSummary } from "./write-summary.tsx";

/** Write mode: type each answer; graded leniently, with 'I was right' for what the grader missed. */
export function WriteStudy({ set, onClose }: { set: FlashcardSet; onClose: () => void }) {
  const cards = useFlashcards(set.id);
  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="write-study-title">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id="write-study-title" className="wrap-anywhere text-lg font-semibold">
            Write: {set.title}
          </h3>
          <p className="text-sm text-muted">Type the answer and press Enter. Enter again goes on.</p>
        </div>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <QueryView
        query={cards}
        pending={
          <p role="status" className="text-sm text-muted">
            Loading flashcards...
          </p>
        }
        error="Could not load the flashcards."
        empty={<p className="text-sm text-muted">No flashcards yet</p>}
      >
        {(list) => <WriteSession setId={set.id} cards={list.map(shownCard)} />}
      </QueryView>
    </section>
  );
}

function WriteSession({ setId, cards }: { setId: number; cards: Flashcard[] }) {
  const ids = cards.map((c) => c.id);
  const [state, dispatch] = useReducer(
    writeReducer,
    null,
    () => resumable(writeStore.load(setId), ids) ?? startWrite(ids),
  );
  const [announce, setAnnounce] = useState("");
  useEffect(() => writeStore.save(setId, state), [setId, state]);

  const byId = new Map(cards.map((c) => [c.id, c]));
  const card = byId.get(state.order[state.at]!);
  const restart = (order: number[]) => {
    dispatch({ type: "restart", ids: order });
    setAnnounce(`Started again with ${order.length} cards.`);
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <p>
          {isFinished(state) ? "Round finished" : `Card ${state.at + 1} of ${state.order.length}`}
          {state.round > 1 && ` · round ${state.round}`}
        </p>
        <p>
          {state.right.length} right · {state.wrong.length} to learn
        </p>
        <Button size="sm" variant="ghost" onClick={() => restart(shuffled(ids))}>
          <Shuffle className="h-4 w-4" aria-hidden /> Shuffle and restart
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {card && !isFinished(state) ? (
        <WritePrompt key={`${state.round}-${state.at}`} card={card} state={state} dispatch={dispatch} />
      ) : (
        <WriteSummary
          state={state}
          missed={state.wrong.map((id) => byId.get(id)).filter((c): c is Flashcard => c !== undefined)}
          onRetryMissed={() => dispatch({ type: "retryMissed" })}
          onRestart={() => restart(ids)}
        />
      )}
    </div>
  );
}
