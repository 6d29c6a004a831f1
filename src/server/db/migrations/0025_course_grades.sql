CREATE TABLE "gpa_edits" (
	"user_id" integer NOT NULL,
	"course_id" integer PRIMARY KEY NOT NULL,
	"grade_edited" boolean DEFAULT false NOT NULL,
	"grade" text,
	"credits" integer,
	"removed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gpa_targets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"target_gpa" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "what_if_scores" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"assignment_id" text NOT NULL,
	"score" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "what_if_scores_course_id_assignment_id_pk" PRIMARY KEY("course_id","assignment_id")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "apply_group_weights" boolean;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "grade_groups" jsonb;--> statement-breakpoint
ALTER TABLE "gpa_edits" ADD CONSTRAINT "gpa_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpa_edits" ADD CONSTRAINT "gpa_edits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpa_targets" ADD CONSTRAINT "gpa_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "what_if_scores" ADD CONSTRAINT "what_if_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "what_if_scores" ADD CONSTRAINT "what_if_scores_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gpa_edits_user_idx" ON "gpa_edits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "what_if_scores_user_idx" ON "what_if_scores" USING btree ("user_id");