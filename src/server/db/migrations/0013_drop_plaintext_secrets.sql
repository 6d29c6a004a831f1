ALTER TABLE "share_links" ALTER COLUMN "code_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" DROP COLUMN "share_code";--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP COLUMN "token";