-- A conversation per study set (issue 24): the assistant beside a set's documents keeps its messages apart
-- from the general conversation (null), and they go with the set.
ALTER TABLE "chat_messages" ADD COLUMN "study_set_id" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_study_set_id_study_sets_id_fk" FOREIGN KEY ("study_set_id") REFERENCES "public"."study_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_user_set_idx" ON "chat_messages" USING btree ("user_id","study_set_id","id") WHERE "chat_messages"."study_set_id" is not null;