DROP INDEX "flashcards_user_due_idx";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "due";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "stability";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "difficulty";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "elapsed_days";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "scheduled_days";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "learning_steps";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "reps";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "lapses";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "flashcards" DROP COLUMN "last_review";