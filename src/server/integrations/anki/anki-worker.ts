// Worker-thread entry of the Anki pool. The production build emits it as dist/server/anki-worker.js beside
// main.js (scripts/build.mjs picks up every *-worker.ts; see lib/worker-pool.ts).
import { serveJobs } from "../../lib/worker-pool.ts";
import { runAnkiJob } from "./worker.ts";

serveJobs(runAnkiJob);
