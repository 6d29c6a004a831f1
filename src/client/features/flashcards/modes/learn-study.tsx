import { useCallback, useMemo } from "react";
import type { Flashcard, FlashcardSet } from "#shared/flashcards/contract.ts";
import { cardAnswer } from "./card-text.ts";
import { LearnQuestion } from "./learn-question.tsx";
import {
  askWritten,
  canChoose,
  currentCard,
  learnDone,
  learnPiles,
  learnReducer,
  resumableLearn,
  roundOver,
  startLearn,
} from "./learn-state.ts";
import { LearnSummary } from "./learn-summary.tsx";
import { ModeFrame, NoCards, SessionLoading } from "./mode-frame.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { RunControls, StarButton } from "./run-controls.tsx";
import { useSetStar } from "./study-modes.api.ts";
import { newSeed } from "./study-run.ts";
import { useModeKeys } from "./use-mode-keys.ts";
import { useStudyRun } from "./use-study-run.ts";

/** Learn mode: multiple choice, then written, until every card of the run is mastered. */
export function LearnStudy({ set, onClose }: { set: FlashcardSet; onClose: () => void }) {
  return (
    <ModeFrame
      set={set}
      mode="Learn"
      keys="Keys: 1-4 pick an option, Enter checks or continues, S stars the card."
      onClose={onClose}
    >
      {(cards, starred) => <LearnSession setId={set.id} cards={cards} starred={starred} />}
    </ModeFrame>
  );
}

const start = (ids: number[]) => startLearn(ids, newSeed());

function LearnSession({ setId, cards, starred }: { setId: number; cards: Flashcard[]; starred: number[] }) {
  const { state, change, restart } = useStudyRun({
    setId,
    mode: "learn",
    cards,
    starred,
    start,
    parse: resumableLearn,
  });
  const setStar = useSetStar(setId);
  const choices = useMemo(() => canChoose(cards.map(cardAnswer)), [cards]);
  const s = state?.run;
  const id = s ? currentCard(s) : undefined;
  const toggleStar = useCallback(() => {
    if (id !== undefined) setStar.mutate({ cardId: id, starred: !starred.includes(id) });
  }, [id, starred, setStar]);
  useModeKeys((key) => {
    if (key !== "s") return false;
    toggleStar();
    return true;
  });
  if (!state || !s) return <SessionLoading />;

  const byId = new Map(cards.map((c) => [c.id, c]));
  const card = id === undefined ? undefined : byId.get(id);
  const piles = learnPiles(s);
  // The last answer's feedback shows before the summary, even once everything is mastered.
  const finished = roundOver(s) || (learnDone(s) && !s.checked);
  return (
    <div className="grid min-w-0 gap-4">
      <RunControls opts={state.opts} starredCount={starred.length} onRestart={restart} />
      {s.cards.length === 0 ? (
        <NoCards />
      ) : (
        <>
          <div className="grid gap-1">
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <p>
                Round {s.roundNo}
                {!finished && ` · question ${s.at + 1} of ${s.round.length}`}
              </p>
              <p aria-live="polite">
                <span className="font-medium">Still learning: {piles.learning}</span> ·{" "}
                <span className="font-medium">Mastered: {piles.mastered}</span>
              </p>
            </div>
            <ProgressBar label="Learn progress" percent={piles.percent} />
          </div>
          {card && !finished ? (
            <LearnQuestion
              key={`${s.roundNo}-${s.at}`}
              card={card}
              cards={cards}
              state={s}
              written={!choices || askWritten(s, card.id)}
              star={<StarButton setId={setId} cardId={card.id} starred={starred.includes(card.id)} />}
              onAnswer={(given, correct, written) =>
                change((r) => learnReducer(r, { type: "answer", given, correct, written }))
              }
              onOverride={() => change((r) => learnReducer(r, { type: "override" }))}
              onNext={() => change((r) => learnReducer(r, { type: "next" }))}
            />
          ) : (
            <LearnSummary
              key={`${s.roundNo}-summary`}
              state={s}
              byId={byId}
              onContinue={() => change((r) => learnReducer(r, { type: "nextRound" }))}
              onRestart={() => restart()}
            />
          )}
        </>
      )}
    </div>
  );
}
