// Worker-thread entry of the built-in engine's pool (engine-pool.ts). The production build emits it as
// dist/server/engine-worker.js beside main.js (see lib/worker-pool.ts).
import { serveJobs } from "../../../lib/worker-pool.ts";
import { runEngineJob } from "./engine-jobs.ts";

serveJobs(runEngineJob);
