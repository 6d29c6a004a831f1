CREATE TABLE "task_list_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_list_versions" ADD CONSTRAINT "task_list_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every statement that writes a student's tasks or checklist items bumps their count once, whatever wrote
-- it (routes, Canvas sync, jobs, a course's deletion setting course_id to null). During an account's
-- deletion the users row is already gone, so the join inserts nothing and the count's row cascades away.
CREATE FUNCTION "bump_task_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "task_list_versions" AS v ("user_id", "version")
    SELECT DISTINCT c."user_id", 1 FROM "changed" c JOIN "users" u ON u."id" = c."user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tasks_list_version_insert" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_task_list_version"();
--> statement-breakpoint
CREATE TRIGGER "tasks_list_version_update" AFTER UPDATE ON "tasks" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_task_list_version"();
--> statement-breakpoint
CREATE TRIGGER "tasks_list_version_delete" AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_task_list_version"();
--> statement-breakpoint
CREATE TRIGGER "task_subtasks_list_version_insert" AFTER INSERT ON "task_subtasks" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_task_list_version"();
--> statement-breakpoint
CREATE TRIGGER "task_subtasks_list_version_update" AFTER UPDATE ON "task_subtasks" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_task_list_version"();
--> statement-breakpoint
CREATE TRIGGER "task_subtasks_list_version_delete" AFTER DELETE ON "task_subtasks" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_task_list_version"();
