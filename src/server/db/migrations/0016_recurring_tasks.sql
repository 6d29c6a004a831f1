ALTER TABLE "tasks" ADD COLUMN "rrule" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "recurrence_time_zone" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_series_due_idx" ON "tasks" USING btree ("series_id","due_date") WHERE "tasks"."series_id" is not null;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_recurrence_check" CHECK (("tasks"."rrule" is null and "tasks"."series_start" is null and "tasks"."recurrence_time_zone" is null)
        or ("tasks"."rrule" is not null and "tasks"."series_start" is not null and "tasks"."recurrence_time_zone" is not null
            and "tasks"."canvas_id" is null and "tasks"."series_id" is not null));