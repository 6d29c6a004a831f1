-- Which rating's 'bury siblings' buried a card: Undo of that rating un-buries exactly those cards, not
-- the ones the student buried by hand or another rating buried.
ALTER TABLE "card_holds" ADD COLUMN "buried_by" integer;
