ALTER TABLE "card_reviews" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "card_reviews" ADD COLUMN "next_due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_reviews" ADD COLUMN "next_state" smallint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "card_reviews_user_client_idx" ON "card_reviews" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_user_client_idx" ON "tasks" USING btree ("user_id","client_id");