ALTER TABLE "flashcards" ADD COLUMN "type" text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "ord" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "guid" text;--> statement-breakpoint
CREATE INDEX "flashcards_guid_idx" ON "flashcards" USING btree ("flashcard_set_id","guid");