// Worker-thread entry of the extraction pool. The production build must emit this file as
// dist/server/extract-worker.js beside main.js (see lib/worker-pool.ts).
import { serveJobs } from "../../lib/worker-pool.ts";
import { parseDocument } from "./parse.ts";

serveJobs(parseDocument);
