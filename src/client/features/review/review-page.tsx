import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { PageHeader } from "#client/components/page-header.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { Select } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { STUDY_TIMER } from "#shared/constants.ts";
import { NextCardNotice } from "./components/next-card-notice.tsx";
import { ReviewOptions } from "./components/review-options.tsx";
import { ReviewSession } from "./components/review-session.tsx";
import { recordReviewSession, useReviewQueue, useReviewSettings, useSpreadBacklog } from "./review.api.ts";
import { REVIEW_HEADING } from "./review-heading.ts";

// Only a set's review shows its exams: loaded then, not with every review's first load.
const ExamPanel = lazy(() => import("./components/exam-panel.tsx").then((m) => ({ default: m.ExamPanel })));

const SPREAD_CHOICES = [3, 5, 7, 14] as const;

/**
 * Time between opening Review and the last rating counts as study time: recorded as a 'reviewing'
 * session when the student leaves, if it reached the timer's minimum.
 */
function useReviewTime() {
  const started = useRef<number | null>(null);
  const lastRated = useRef<number | null>(null);
  useEffect(() => {
    started.current = Date.now();
    return () => {
      if (started.current === null || lastRated.current === null) return;
      const seconds = Math.round((lastRated.current - started.current) / 1000);
      if (seconds >= STUDY_TIMER.minRecordableSeconds) recordReviewSession(seconds);
    };
  }, []);
  return () => {
    lastRated.current = Date.now();
  };
}

/** Cards overdue by more than a day, and the choice to spread them over the next few days. */
function BacklogNotice({ backlog, setId }: { backlog: number; setId: number | undefined }) {
  const spread = useSpreadBacklog();
  const [days, setDays] = useState<number>(7);
  return (
    <Alert tone="info" className="grid gap-2">
      <p>
        {backlog} {backlog === 1 ? "card is" : "cards are"} overdue by more than a day. Spread them out so
        today stays manageable: the least remembered come first.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="spread-days" className="text-sm">
          Spread over
        </label>
        <Select
          id="spread-days"
          className="w-auto"
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {SPREAD_CHOICES.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </Select>
        <Button
          size="sm"
          disabled={spread.isPending}
          onClick={() => spread.mutate({ days, ...(setId === undefined ? {} : { setId }) })}
        >
          Spread backlog
        </Button>
      </div>
      {spread.isError && <p role="alert">{errorMessage(spread.error)}</p>}
    </Alert>
  );
}

/** /study/review: the due cards across all sets, or one set's (?set=<flashcard set id>). */
export function ReviewPage() {
  const [params] = useSearchParams();
  const setParam = Number(params.get("set"));
  const setId = Number.isInteger(setParam) && setParam > 0 ? setParam : undefined;
  const queue = useReviewQueue(setId);
  const settings = useReviewSettings();
  const onRated = useReviewTime();
  const { refetch: refetchQueue } = queue;
  const refetch = useCallback(() => void refetchQueue(), [refetchQueue]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        {...REVIEW_HEADING}
        actions={
          <ButtonLink variant="secondary" href="/study">
            Back to Study Center
          </ButtonLink>
        }
      />
      <QueryView
        query={queue}
        pending={
          <div role="status" aria-label="Loading" className="grid gap-3">
            <Skeleton className="h-48" />
          </div>
        }
        error="Could not load the cards due."
      >
        {(q) => (
          <>
            <p className="text-sm" aria-live="polite" data-testid="due-count">
              {q.dueCount} {q.dueCount === 1 ? "card" : "cards"} due ({q.reviewCount} to review,{" "}
              {q.plannedCount > 0 && `${q.plannedCount} for your exam plan, `}
              {q.newCount} new)
            </p>
            {q.heldBack > 0 && (
              <p className="text-sm text-muted" data-testid="held-back">
                {q.heldBack} more {q.heldBack === 1 ? "review waits" : "reviews wait"} for another day (your
                maximum reviews per day, in Review options).
              </p>
            )}
            {q.backlog > 0 && <BacklogNotice backlog={q.backlog} setId={setId} />}
            {q.cards.length === 0 ? (
              <div className="rounded-xl border border-border bg-surface p-6 text-center">
                <h2 className="font-semibold">All caught up</h2>
                {q.nextDue ? (
                  <NextCardNotice nextDue={q.nextDue} onDue={refetch} />
                ) : (
                  <p className="text-sm text-muted">
                    No cards are due right now. Come back later, or add cards in the Study Center.
                  </p>
                )}
              </div>
            ) : (
              <ReviewSession cards={q.cards} onRated={onRated} />
            )}
          </>
        )}
      </QueryView>
      {setId !== undefined && (
        <Suspense fallback={null}>
          <ExamPanel setId={setId} />
        </Suspense>
      )}
      <ReviewOptions settings={settings.data} />
    </div>
  );
}
