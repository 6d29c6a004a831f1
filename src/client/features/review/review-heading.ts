// The review page's heading, which index.html's first-paint template repeats for boot.ts to draw before
// React runs (app/first-paint.ts; first-paint.test.tsx holds the two equal).
export const REVIEW_HEADING = {
  title: "Review",
  subtitle: "Spaced review: the cards due today, scheduled with FSRS",
} as const;
