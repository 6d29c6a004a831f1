// The built-in summarizer on a 100-page text PDF of varied lecture-like pages (issue 15): extraction (worker thread) plus a summary in
// each style, wall time and peak RSS, beside `pdftotext` (poppler-utils) on the same file as the
// extraction baseline. Then the built server: POST /api/summarize/pdf per style, the server's peak RSS,
// and GET /api/tasks p99 while summaries run back to back against p99 with nothing else running (the
// engine works in its own worker thread, so other students' requests must keep answering).
// Usage: npm run bench:summarize [-- --pages 100 --runs 3]; SUMMARIZE_BENCH_PAGES=20 for a quick run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { summarize } from "#server/integrations/ai/builtin/summarize.ts";
import { createExtractionPool, extractDocument } from "#server/integrations/documents/index.ts";
import { SUMMARY_STYLES } from "#shared/constants.ts";
import { benchArgs } from "./args.ts";
import { pdftotext } from "./documents.bench.ts";
import { median, ms, pct, peakRssMb, tasksIdleAndBusy, withBenchServer } from "./server-bench-kit.ts";

const { pages: PAGES, runs: RUNS } = benchArgs({
  numbers: {
    pages: Number(process.env.SUMMARIZE_BENCH_PAGES ?? 100),
    runs: Number(process.env.SUMMARIZE_BENCH_RUNS ?? 3),
  },
});

const rssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

/** The varied 100-page lecture PDF, written by a child process so its generator is not in this RSS. */
function makeLectures(dir: string, pages: number): string {
  const script = path.join(import.meta.dirname, "../tests/fixtures/documents/make-fixtures.ts");
  const res = spawnSync(process.execPath, ["--import", "tsx", script, "--lectures", dir, String(pages)], {
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`make-fixtures failed: ${res.stderr}`);
  return (JSON.parse(res.stdout.trim().split("\n").at(-1) ?? "{}") as { pdf: string }).pdf;
}

async function timed<T>(
  job: () => Promise<T> | T,
  runs = RUNS,
): Promise<{ first: number; warm: number; value: T }> {
  const times: number[] = [];
  let value: T | undefined;
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    value = await job();
    times.push(performance.now() - start);
  }
  return { first: times[0] ?? 0, warm: median(times.slice(1)), value: value as T };
}

async function inProcess(pdf: string, baseline: number | null) {
  const bytes = readFileSync(pdf);
  const pool = createExtractionPool();
  const extraction = await timed(async () => {
    const r = await extractDocument({ bytes, fileName: path.basename(pdf) }, pool);
    if (!r.ok || r.document.pages.length !== PAGES) throw new Error("the PDF was not read");
    return r.document;
  });
  await pool.close();
  const pages = extraction.value.pages.map((p) => p.text);
  console.log(
    `extraction (worker): first ${ms(extraction.first)}, warm median ${ms(extraction.warm)} (${RUNS} runs), ` +
      `${extraction.value.text.length.toLocaleString("en")} characters`,
  );
  for (const style of SUMMARY_STYLES) {
    const s = await timed(() => summarize(pages, style));
    const total = extraction.warm + s.warm;
    const ratio = baseline ? `; extraction + summary / pdftotext = ${(total / baseline).toFixed(1)}x` : "";
    console.log(
      `summary '${style}': first ${ms(s.first)}, warm median ${ms(s.warm)}, ${s.value.sentences.length} sentences; ` +
        `extraction + summary ${ms(total)}${ratio}`,
    );
  }
  console.log(`this process's peak RSS (extraction worker included): ${rssMb()} MB`);
}

async function overHttp(pdf: string) {
  // No load shedding: on a busy machine it answers 503 for a lagging loop, and this bench measures how
  // long the answers take, not whether the server turned them away.
  await withBenchServer("summarize", { MAX_EVENT_LOOP_DELAY_MS: "0" }, async (server) => {
    const summarizePdf = async (style: string) => {
      const form = new FormData();
      form.set("type", style);
      form.set("file", new Blob([readFileSync(pdf)], { type: "application/pdf" }), path.basename(pdf));
      const start = performance.now();
      const res = await fetch(`${server.url}/api/summarize/pdf`, {
        method: "POST",
        headers: server.headers,
        body: form,
      });
      const body = (await res.json()) as { summary?: string; error?: string };
      if (res.status !== 200 || !body.summary)
        throw new Error(`summarize ${style}: ${res.status} ${body.error}`);
      return performance.now() - start;
    };
    for (const style of SUMMARY_STYLES) {
      const t = await timed(() => summarizePdf(style));
      console.log(`POST /api/summarize/pdf '${style}': first ${ms(t.first)}, warm median ${ms(t.warm)}`);
    }
    console.log(`server peak RSS (VmHWM, worker threads included): ${peakRssMb(server.pid)} MB`);

    const seconds = Number(process.env.SUMMARIZE_BENCH_SECONDS ?? 8);
    const {
      idle,
      busy,
      runs: summaries,
    } = await tasksIdleAndBusy(server, seconds, (n) =>
      summarizePdf(SUMMARY_STYLES[n % SUMMARY_STYLES.length]!),
    );
    const idleP99 = pct(idle, 0.99);
    const busyP99 = pct(busy, 0.99);
    console.log(
      `GET /api/tasks without summaries: p50 ${ms(pct(idle, 0.5))}, p99 ${ms(idleP99)} (${idle.length} requests)`,
    );
    console.log(
      `GET /api/tasks during ${summaries} summaries: p50 ${ms(pct(busy, 0.5))}, p99 ${ms(busyP99)} (${busy.length} requests); ` +
        `p99 during / without = ${(busyP99 / Math.max(idleP99, 1)).toFixed(1)}x`,
    );
  });
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "studyhall-bench-summarize-docs-"));
  try {
    const pdf = makeLectures(dir, PAGES);
    console.log(
      `${PAGES}-page text PDF: ${(statSync(pdf).size / 1024).toFixed(0)} KB; ${RUNS} warm runs each`,
    );
    const baseline = pdftotext(pdf, RUNS);
    console.log(
      baseline === null
        ? "pdftotext: NOT FOUND (apt-get install -y poppler-utils), so there is no baseline ratio"
        : `pdftotext on the same PDF (extraction baseline): median ${ms(baseline)}`,
    );
    await inProcess(pdf, baseline);
    await overHttp(pdf);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
