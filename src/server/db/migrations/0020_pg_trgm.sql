-- Trigram similarity (issue 24 §2): a question term that matches no word of the student's documents is
-- corrected to the closest one. Ships with PostgreSQL's contrib and with PGlite (db/pglite.ts loads it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
