import { lazy, Suspense, useState } from "react";
import type { ReviewSettings } from "#shared/review/contract.ts";

// The settings below the queue load when their section is opened: the review settings form
// (react-hook-form), bury siblings, Easy Days and personal FSRS are not what a student opens Review for,
// and together they were ~20 KB gzip of the page's first load.
const ReviewOptionsBody = lazy(() => import("./review-options-body.tsx"));

export function ReviewOptions({ settings }: { settings: ReviewSettings | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="rounded-xl border border-border bg-surface p-4"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer font-semibold">Review options</summary>
      {open && (
        <Suspense fallback={<p className="mt-3 text-sm text-muted">Loading options...</p>}>
          <div className="mt-3 grid gap-4">
            <ReviewOptionsBody settings={settings} />
          </div>
        </Suspense>
      )}
    </details>
  );
}
