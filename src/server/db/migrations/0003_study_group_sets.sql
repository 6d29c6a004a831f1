CREATE TABLE "study_group_sets" (
	"group_id" integer NOT NULL,
	"study_set_id" integer NOT NULL,
	"shared_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_group_sets_group_id_study_set_id_pk" PRIMARY KEY("group_id","study_set_id")
);
--> statement-breakpoint
ALTER TABLE "study_group_sets" ADD CONSTRAINT "study_group_sets_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_sets" ADD CONSTRAINT "study_group_sets_study_set_id_study_sets_id_fk" FOREIGN KEY ("study_set_id") REFERENCES "public"."study_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_sets" ADD CONSTRAINT "study_group_sets_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_group_sets_set_idx" ON "study_group_sets" USING btree ("study_set_id");