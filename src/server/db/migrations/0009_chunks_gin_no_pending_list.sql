DROP INDEX "document_chunks_search_idx";--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("search") WITH (fastupdate=false);