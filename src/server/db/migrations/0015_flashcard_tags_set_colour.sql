ALTER TABLE "flashcard_sets" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;