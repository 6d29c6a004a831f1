ALTER TABLE "course_documents" ADD COLUMN "chunk_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_documents" ADD COLUMN "chunk_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "course_documents" d SET "chunk_count" = (SELECT count(*) FROM "document_chunks" c WHERE c."material_id" = d."id");--> statement-breakpoint
UPDATE "study_documents" d SET "chunk_count" = (SELECT count(*) FROM "document_chunks" c WHERE c."study_document_id" = d."id");
