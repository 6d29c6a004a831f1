ALTER TABLE "study_sessions" ADD COLUMN "task_id" integer;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_sessions_task_idx" ON "study_sessions" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "study_sessions_course_idx" ON "study_sessions" USING btree ("course_id");