-- The card's own due date before each rating: card_reviews.due is the FSRS log's field (the card's last
-- review), so Undo made the card due at the undone review instead of when it was due.
ALTER TABLE "card_reviews" ADD COLUMN "previous_due" timestamp with time zone;
