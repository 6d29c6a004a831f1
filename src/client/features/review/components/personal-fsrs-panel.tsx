import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { formatDate } from "#shared/date-format.ts";
import type { FsrsStatus } from "#shared/review/browser-contract.ts";
import { useFitFsrs, useFsrsStatus, useResetFsrs } from "../card-browser.api.ts";

/** Kept in step with the contract's FSRS_FIT_MIN_REVIEWS (a zod-free copy for this screen). */
const MIN_REVIEWS = 400;
const score = (n: number) => n.toFixed(3);

function FitScores({ fit }: { fit: NonNullable<FsrsStatus["fit"]> }) {
  return (
    <table className="text-sm" data-testid="fsrs-scores">
      <caption className="text-left text-muted">
        Fitted {formatDate(new Date(fit.fittedAt), "d MMM yyyy")} from {fit.reviews} reviews (lower is better)
      </caption>
      <thead>
        <tr>
          <th scope="col" className="pr-4 text-left">
            Measure
          </th>
          <th scope="col" className="pr-4 text-right">
            Defaults
          </th>
          <th scope="col" className="text-right">
            Yours
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row" className="pr-4 text-left font-normal">
            Log loss
          </th>
          <td className="pr-4 text-right">{score(fit.logLossBefore)}</td>
          <td className="text-right">{score(fit.logLossAfter)}</td>
        </tr>
        <tr>
          <th scope="row" className="pr-4 text-left font-normal">
            RMSE
          </th>
          <td className="pr-4 text-right">{score(fit.rmseBefore)}</td>
          <td className="text-right">{score(fit.rmseAfter)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** Personal FSRS (issue 25 §4): fit the scheduler to the student's own reviews, or go back to the defaults. */
export function PersonalFsrsPanel() {
  const status = useFsrsStatus();
  const fit = useFitFsrs();
  const reset = useResetFsrs();
  return (
    <section
      aria-labelledby="fsrs-title"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="fsrs-title" className="font-semibold">
        Personal scheduling
      </h2>
      <QueryView
        query={status}
        pending={<Skeleton className="h-12" />}
        error="Could not load your scheduler."
      >
        {(s) => (
          <div className="grid gap-3">
            <p className="text-sm">
              {s.personal
                ? "Your reviews are scheduled with parameters fitted to your own history. They are fitted again each month."
                : s.reviews < MIN_REVIEWS
                  ? `Scheduling uses the FSRS defaults. After ${MIN_REVIEWS} reviews (you have ${s.reviews}) it can be fitted to you.`
                  : "Scheduling uses the FSRS defaults. Fit it to your reviews to make intervals match how you remember."}
            </p>
            {s.fit && <FitScores fit={s.fit} />}
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                disabled={s.reviews < MIN_REVIEWS || fit.isPending}
                onClick={() => fit.mutate()}
              >
                Fit to my reviews
              </Button>
              {s.personal && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={reset.isPending}
                  onClick={() => reset.mutate()}
                >
                  Return to defaults
                </Button>
              )}
            </div>
            {fit.isSuccess && (
              <p role="status" className="text-sm text-muted">
                Fitting in the background: this takes a few seconds. Reload to see the result.
              </p>
            )}
            {(fit.error ?? reset.error) && <Alert>{errorMessage(fit.error ?? reset.error)}</Alert>}
          </div>
        )}
      </QueryView>
    </section>
  );
}
