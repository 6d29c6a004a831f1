CREATE TABLE "flashcard_set_exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"flashcard_set_id" integer NOT NULL,
	"title" text,
	"exam_date" timestamp with time zone NOT NULL,
	"task_id" integer,
	"event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flashcard_sets" DROP CONSTRAINT "flashcard_sets_exam_task_id_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "flashcard_sets" DROP CONSTRAINT "flashcard_sets_exam_event_id_calendar_events_id_fk";
--> statement-breakpoint
ALTER TABLE "flashcard_set_exams" ADD CONSTRAINT "flashcard_set_exams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_set_exams" ADD CONSTRAINT "flashcard_set_exams_flashcard_set_id_flashcard_sets_id_fk" FOREIGN KEY ("flashcard_set_id") REFERENCES "public"."flashcard_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_set_exams" ADD CONSTRAINT "flashcard_set_exams_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_set_exams" ADD CONSTRAINT "flashcard_set_exams_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flashcard_set_exams_set_idx" ON "flashcard_set_exams" USING btree ("flashcard_set_id","exam_date");--> statement-breakpoint
CREATE INDEX "flashcard_set_exams_user_idx" ON "flashcard_set_exams" USING btree ("user_id","exam_date");--> statement-breakpoint
CREATE UNIQUE INDEX "flashcard_set_exams_date_idx" ON "flashcard_set_exams" USING btree ("flashcard_set_id","exam_date") WHERE "flashcard_set_exams"."task_id" is null and "flashcard_set_exams"."event_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "flashcard_set_exams_task_idx" ON "flashcard_set_exams" USING btree ("flashcard_set_id","task_id") WHERE "flashcard_set_exams"."task_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "flashcard_set_exams_event_idx" ON "flashcard_set_exams" USING btree ("flashcard_set_id","event_id") WHERE "flashcard_set_exams"."event_id" is not null;--> statement-breakpoint
-- Each set's one exam (issue 11) becomes its first row here; a linked task's or event's date fills in a
-- date that was never stored. Sets with nothing to date are left without an exam.
INSERT INTO "flashcard_set_exams" ("user_id", "flashcard_set_id", "exam_date", "task_id", "event_id")
SELECT fs."user_id", fs."id", coalesce(fs."exam_date", t."due_date", e."starts_at"), fs."exam_task_id", fs."exam_event_id"
FROM "flashcard_sets" fs
LEFT JOIN "tasks" t ON t."id" = fs."exam_task_id"
LEFT JOIN "calendar_events" e ON e."id" = fs."exam_event_id"
WHERE coalesce(fs."exam_date", t."due_date", e."starts_at") IS NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcard_sets" DROP COLUMN "exam_date";--> statement-breakpoint
ALTER TABLE "flashcard_sets" DROP COLUMN "exam_task_id";--> statement-breakpoint
ALTER TABLE "flashcard_sets" DROP COLUMN "exam_event_id";