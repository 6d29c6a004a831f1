// Worker-thread entry of the calendar feed pool. The production build emits it as
// dist/server/calendar-feed-worker.js beside main.js (scripts/build.mjs picks up every *-worker.ts).
import { serveJobs } from "../../lib/worker-pool.ts";
import { runParseFeedJob } from "./parse-worker.ts";

serveJobs(runParseFeedJob);
