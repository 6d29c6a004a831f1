ALTER TABLE "share_links" DROP CONSTRAINT "share_links_share_code_unique";--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_token_unique";--> statement-breakpoint
ALTER TABLE "share_links" ALTER COLUMN "share_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_code_hash_unique" UNIQUE("code_hash");--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
-- Issue 27 fault 11: secrets at rest are stored hashed. Existing feed URLs keep working (their hash is
-- what requests are matched against from now on); existing share links (7 days at most) are revoked,
-- since their code could no longer be shown in the owner's list.
UPDATE "calendar_feeds" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex') WHERE "token" IS NOT NULL;--> statement-breakpoint
UPDATE "share_links" SET "code_hash" = encode(sha256(convert_to("share_code", 'UTF8')), 'hex'), "revoked_at" = coalesce("revoked_at", now()) WHERE "share_code" IS NOT NULL;--> statement-breakpoint
-- Issue 27 fault 6: a member's shares end with their membership; shares left by members who already left.
DELETE FROM "study_group_sets" s WHERE NOT EXISTS (SELECT 1 FROM "study_group_members" m WHERE m."group_id" = s."group_id" AND m."user_id" = s."shared_by");

--> statement-breakpoint
ALTER TABLE "share_links" ALTER COLUMN "code_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "share_links" DROP COLUMN "share_code";--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP COLUMN "token";
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
