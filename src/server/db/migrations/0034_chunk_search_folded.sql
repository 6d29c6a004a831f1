-- Chunks' words compared folded (text.ts foldMarks): the column is made again, which drops its index;
-- the index is made again as 0009 made it.
ALTER TABLE "document_chunks" drop column "search";--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', normalize(regexp_replace(normalize(coalesce(text, ''), NFKD), '[\u0300-\u036f]', '', 'g'), NFC))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("search") WITH (fastupdate=false);
