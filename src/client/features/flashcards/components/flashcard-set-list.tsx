import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { FlashcardSet } from "#shared/flashcards/contract.ts";

/**
 * A study set's flashcard sets as the Flashcards and Quizzes tabs list them: loading, error with retry,
 * empty state, then one card per set (title, description, count line) with the tab's own actions.
 */
export function FlashcardSetList({
  sets,
  label,
  loadingLabel,
  empty,
  titleId,
  countLine,
  actions,
}: {
  sets: UseQueryResult<FlashcardSet[]>;
  /** The list's accessible name. */
  label: string;
  loadingLabel: string;
  empty: { title: string; text: string };
  /** Each item is labelled by its heading; ids must differ between tabs shown on one page. */
  titleId: (set: FlashcardSet) => string;
  countLine: (set: FlashcardSet) => string;
  actions: (set: FlashcardSet) => ReactNode;
}) {
  return (
    <QueryView
      query={sets}
      pending={
        <div className="grid gap-2" role="status" aria-label={loadingLabel}>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      }
      error={(err) => (
        <RetryAlert
          message={errorMessage(err, "Could not load the flashcard sets.")}
          onRetry={() => sets.refetch()}
        />
      )}
      empty={
        <div className="grid justify-items-center gap-1 rounded-lg border border-dashed border-border p-6 text-center">
          <p className="font-medium">{empty.title}</p>
          {empty.text && <p className="text-sm text-muted">{empty.text}</p>}
        </div>
      }
    >
      {(list) => (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={label}>
          {list.map((set) => (
            <li
              key={set.id}
              aria-labelledby={titleId(set)}
              className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4"
            >
              <div className="min-w-0">
                <h4 id={titleId(set)} className="wrap-anywhere font-semibold">
                  {set.title}
                </h4>
                {set.description && <p className="wrap-anywhere text-sm text-muted">{set.description}</p>}
                <p className="mt-1 text-xs text-muted">{countLine(set)}</p>
              </div>
              <div className="flex flex-wrap gap-2">{actions(set)}</div>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

/** A failed load with its own 'Try again' (the flashcard lists refetch in place). */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert className="flex flex-wrap items-center justify-between gap-2">
      <span>{message}</span>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
