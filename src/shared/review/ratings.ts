// The four FSRS ratings, zod-free so the review screen can import them without the schemas: the contract
// (zod and every review schema, ~250 ms of a phone's main thread) then loads with the queue's request
// instead of before the page's first paint.
export const REVIEW_RATINGS = { again: 1, hard: 2, good: 3, easy: 4 } as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[keyof typeof REVIEW_RATINGS];
