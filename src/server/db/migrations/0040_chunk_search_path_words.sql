-- A path or a dotted name indexed as its words ('/usr/bin' as 'usr' and 'bin', 'file.txt' as 'file' and
-- 'txt'), as questions are read (columns.ts foldedSearchVector). The column is made again, which drops its
-- index; the index is made again as 0034 made it.
ALTER TABLE "document_chunks" drop column "search";--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', regexp_replace(normalize(regexp_replace(normalize(coalesce(text, ''), NFKD), '[\u0300-\u036f]', '', 'g'), NFC), '/|\.(?=[[:alnum:]])', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("search") WITH (fastupdate=false);
