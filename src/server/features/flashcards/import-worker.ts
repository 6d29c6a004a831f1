// Worker-thread entry of the flashcard import pool (import-parse.ts). The production build emits it as
// dist/server/import-worker.js beside main.js (scripts/build.mjs picks up every *-worker.ts).
import { serveJobs } from "../../lib/worker-pool.ts";
import { runImportParse } from "./import-parse.ts";

serveJobs(runImportParse);
