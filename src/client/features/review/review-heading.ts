// The review page's heading, plain data: boot.ts paints it (app/first-paint.ts) before React has run.
export const REVIEW_HEADING = {
  title: "Review",
  subtitle: "Spaced review: the cards due today, scheduled with FSRS",
} as const;
