-- Only chunks are searched (retrieval.repo.ts): a whole document's vector was written and kept up to
-- date on every upload, read by nothing, and refused a varied text past PostgreSQL's 1 MB limit on one.
DROP INDEX "course_documents_search_idx";--> statement-breakpoint
DROP INDEX "study_documents_search_idx";--> statement-breakpoint
ALTER TABLE "course_documents" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "study_documents" DROP COLUMN "search";