ALTER TABLE "course_documents" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_documents" ADD COLUMN "progress_done" integer;--> statement-breakpoint
ALTER TABLE "course_documents" ADD COLUMN "progress_total" integer;--> statement-breakpoint
ALTER TABLE "course_documents" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "course_documents" ADD COLUMN "upload" "bytea";--> statement-breakpoint
ALTER TABLE "course_documents" ADD COLUMN "upload_name" text;--> statement-breakpoint
ALTER TABLE "study_documents" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "study_documents" ADD COLUMN "progress_done" integer;--> statement-breakpoint
ALTER TABLE "study_documents" ADD COLUMN "progress_total" integer;--> statement-breakpoint
ALTER TABLE "study_documents" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "study_documents" ADD COLUMN "upload" "bytea";--> statement-breakpoint
ALTER TABLE "study_documents" ADD COLUMN "upload_name" text;