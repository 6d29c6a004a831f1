// `npm run bench:bombs` (issue 27, fault 5): the built server in its own process; a DOCX, a PPTX and a PDF
// whose parts inflate to BENCH_BOMB_MB (default 1024) each are made on the fly and uploaded one after the
// other as course materials. Prints each answer, the server's peak RSS while it was read (sampled every
// 25 ms), and its RSS before and after, settled. The server's RSS includes its child processes' (extraction
// runs in children, decision 009), so memory moved into a child is still counted while the child lives.
// Targets: peak < 600 MB, settled within 50 MB of before.
import { readdirSync, readFileSync } from "node:fs";
import { docxBomb, pdfBomb, pptxBomb } from "#tests/fixtures/bombs.ts";
import { ms, withBenchServer } from "./server-bench-kit.ts";

const BOMB_MB = Number(process.env.BENCH_BOMB_MB ?? 1024);
const PEAK_TARGET_MB = 600;
const SETTLED_TARGET_MB = 50;

/** RSS in KB of one process (0 once it has gone). */
function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The server's children (its extraction processes), and theirs. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces): state, ppid, ...
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number): void => {
    for (const [child, parent] of parentOf)
      if (parent === p) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

/**
 * The server's RSS with its child processes' (extraction runs in children that end after a heavy job):
 * memory moved into a child still counts while the child lives.
 */
const rssMb = (pid: number) =>
  Math.round([pid, ...descendants(pid)].reduce((sum, p) => sum + rssKb(p), 0) / 1024);
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

/** RSS once it has stopped falling: sampled every 500 ms until two samples agree within 2 MB (max 15 s). */
async function settledRss(pid: number) {
  let last = rssMb(pid);
  for (let i = 0; i < 30; i++) {
    await sleep(500);
    const now = rssMb(pid);
    if (Math.abs(now - last) <= 2 && i >= 4) return now;
    last = now;
  }
  return last;
}

const bombs = [
  ["docx", () => docxBomb(BOMB_MB * 1024 * 1024)],
  ["pptx", () => pptxBomb(BOMB_MB * 1024 * 1024)],
  ["pdf", () => pdfBomb(BOMB_MB * 1024 * 1024)],
] as const;

// BENCH_DATABASE_URL: the server on PostgreSQL instead of its embedded PGlite (whose WASM memory never shrinks).
const env: Record<string, string> = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, SECRET_KEY: "ab".repeat(32) }
  : {};
await withBenchServer("bombs", env, async ({ url, pid, headers }) => {
  // Warm up with an honest upload, so "before" includes a started extraction worker's cost... and is
  // measured after it has been given back.
  const form = new FormData();
  form.set("file", new Blob(["Honest notes about cells."]), "warm.txt");
  await fetch(`${url}/api/upload-document/file`, { method: "POST", headers, body: form });
  const before = await settledRss(pid);
  console.log(`before: ${descendants(pid).length} child process(es)`);
  console.log(`server RSS before: ${before} MB (bombs inflate to ${BOMB_MB} MB each)`);

  let worstPeak = 0;
  for (const [kind, make] of bombs) {
    const bytes = make();
    let peak = rssMb(pid);
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, rssMb(pid));
        await sleep(25);
      }
    })();
    const body = new FormData();
    body.set("file", new Blob([new Uint8Array(bytes)]), `bomb.${kind}`);
    const started = performance.now();
    const res = await fetch(`${url}/api/upload-document/file`, { method: "POST", headers, body });
    let answer = (await res.json()) as { id?: number; status?: string; error?: string | null; code?: string };
    // Read by a background job (issue 23): the bomb is inflated after the answer; wait for its end.
    while (answer.status === "processing") {
      await new Promise((r) => setTimeout(r, 100));
      const listed = await fetch(`${url}/api/course-documents`, { headers });
      const list = (await listed.json()) as (typeof answer)[];
      // A loaded machine can answer a poll with an error (e.g. 503 while the database is busy): poll again.
      if (!Array.isArray(list)) {
        console.log(`  (poll answered ${listed.status} ${JSON.stringify(list).slice(0, 200)})`);
        continue;
      }
      answer = list.find((m) => m.id === answer.id) ?? {};
      if (answer.status === "failed") answer.code = answer.error ?? "";
    }
    const took = performance.now() - started;
    sampling = false;
    await sampler;
    worstPeak = Math.max(worstPeak, peak);
    console.log(
      `${kind.toUpperCase()} bomb (${(bytes.length / 1024 / 1024).toFixed(1)} MB file): ${res.status} ${answer.code ?? ""} in ${ms(took)}, peak RSS ${peak} MB`,
    );
  }
  const after = await settledRss(pid);
  const children = descendants(pid);
  console.log(
    `settled: server ${Math.round(rssKb(pid) / 1024)} MB, ${children.length} child process(es) ${Math.round(children.reduce((s, p) => s + rssKb(p), 0) / 1024)} MB`,
  );
  const peakMet = worstPeak < PEAK_TARGET_MB;
  const settledMet = after - before <= SETTLED_TARGET_MB;
  console.log(
    `peak RSS ${worstPeak} MB (target < ${PEAK_TARGET_MB} MB): ${peakMet ? "met" : "NOT met"}; settled ${after} MB, ${after - before >= 0 ? "+" : ""}${after - before} MB against before (target within ${SETTLED_TARGET_MB} MB): ${settledMet ? "met" : "NOT met"}`,
  );
  if (!peakMet || !settledMet) process.exitCode = 1;
});
