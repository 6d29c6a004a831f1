CREATE TABLE "document_chunks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"material_id" integer,
	"study_document_id" integer,
	"course_id" integer,
	"page" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"text" text NOT NULL,
	"char_start" integer NOT NULL,
	"char_end" integer NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(text, ''))) STORED NOT NULL,
	CONSTRAINT "document_chunks_one_document" CHECK (("document_chunks"."source" = 'material' and "document_chunks"."material_id" is not null and "document_chunks"."study_document_id" is null) or ("document_chunks"."source" = 'study' and "document_chunks"."study_document_id" is not null and "document_chunks"."material_id" is null))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "course_documents" ADD COLUMN "file_type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_documents" ADD COLUMN "pages" jsonb;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_material_id_course_documents_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."course_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_study_document_id_study_documents_id_fk" FOREIGN KEY ("study_document_id") REFERENCES "public"."study_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_chunks_user_idx" ON "document_chunks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "document_chunks_material_idx" ON "document_chunks" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "document_chunks_study_document_idx" ON "document_chunks" USING btree ("study_document_id");--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("search");