-- Anki's Maximum reviews/day beside new_cards_per_day (review-queue.ts, shared/review/daily-limits.ts):
-- the review cards, and new cards with them, a student sees in a day. 200 is Anki's default.
ALTER TABLE "user_settings" ADD COLUMN "max_reviews_per_day" integer DEFAULT 200 NOT NULL;