/**
 * pg-boss keeps its tables in this schema and migrates them itself at start-up (decision 008); a new PGlite
 * folder gets it with the app's own migrations (db/pglite.ts).
 */
export const QUEUE_SCHEMA = "pgboss";
