// Text extraction of a 100-page PDF and a 100-page DOCX through the extraction module (worker thread),
// beside Debian's pdftotext (poppler-utils) on the same PDF as the baseline. Prints wall time (the first
// run, which starts the worker, and the median of the warm runs), how long the main thread's event loop
// stalled meanwhile (against the same extraction run on the main thread), and the process's peak RSS.
// Target: warm PDF extraction within 4x pdftotext.
// Usage: npm run bench:documents [-- --runs 5 --pages 100]
//
// Then the same files through the study upload endpoint of the built server (bench/documents-upload.ts):
// wall time, the server's peak RSS, and GET /api/tasks p99 during uploads against p99 without them.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ELDHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import { createExtractionPool, extractDocument } from "#server/integrations/documents/index.ts";
import { parseDocument } from "#server/integrations/documents/parse.ts";
import { benchArgs } from "./args.ts";
import { uploadBench } from "./documents-upload.ts";

const { runs: RUNS, pages: PAGES } = benchArgs({ numbers: { runs: 5, pages: 100 } });

/** Writes the benchmark documents in a child process, so their generators do not count in this one's RSS. */
export function makeDocuments(dir: string, pages = PAGES): { pdf: string; docx: string } {
  const script = path.join(import.meta.dirname, "../tests/fixtures/documents/make-fixtures.ts");
  const res = spawnSync(process.execPath, ["--import", "tsx", script, "--long", dir, String(pages)], {
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`make-fixtures failed: ${res.stderr}`);
  return JSON.parse(res.stdout.trim().split("\n").at(-1) ?? "{}");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ms = (n: number) => `${n.toFixed(0)} ms`;

export interface Measurement {
  firstMs: number;
  medianMs: number;
  /** Event-loop delay while the runs went on: p99 and max, in ms. */
  loopP99Ms: number;
  loopMaxMs: number;
}

/** Runs `job` once cold and `runs` times warm, watching the event loop the whole time. */
export async function measure(job: () => Promise<unknown>, runs = RUNS): Promise<Measurement> {
  const loop: ELDHistogram = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    await job();
    times.push(performance.now() - start);
    // Let the histogram see the loop between runs as a server would.
    await new Promise((r) => setTimeout(r, 20));
  }
  loop.disable();
  return {
    firstMs: times[0] ?? 0,
    medianMs: median(times.slice(1)),
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
  };
}

/** Median wall time of `pdftotext file -`, or null when poppler-utils is not installed. */
export function pdftotext(file: string, runs = RUNS): number | null {
  if (spawnSync("pdftotext", ["-v"]).error) return null;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = spawnSync("pdftotext", [file, "-"], { maxBuffer: 64 * 1024 * 1024 });
    if (res.status !== 0) throw new Error(`pdftotext failed: ${res.stderr}`);
    times.push(performance.now() - start);
  }
  return median(times);
}

export function report(label: string, m: Measurement, onMainThread?: Measurement) {
  console.log(
    `${label}: first ${ms(m.firstMs)} (starts the worker), warm median ${ms(m.medianMs)} (${RUNS} runs)`,
  );
  const main = onMainThread
    ? `; the same on the main thread: p99 ${ms(onMainThread.loopP99Ms)}, max ${ms(onMainThread.loopMaxMs)}`
    : "";
  console.log(`  event loop while extracting: p99 ${ms(m.loopP99Ms)}, max ${ms(m.loopMaxMs)}${main}`);
}

const rssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "studyhall-bench-docs-"));
  try {
    const files = makeDocuments(dir);
    const inputs = Object.entries(files).map(([kind, file]) => ({
      kind: kind as "pdf" | "docx",
      bytes: readFileSync(file),
      fileName: path.basename(file),
      label: `${PAGES}-page ${kind.toUpperCase()} (${(statSync(file).size / 1024).toFixed(0)} KB)`,
    }));
    console.log(`peak RSS before extracting: ${rssMb()} MB`);

    const pool = createExtractionPool();
    const results = [];
    for (const { kind, bytes, fileName } of inputs) {
      results.push(
        await measure(async () => {
          const r = await extractDocument({ bytes, fileName }, pool);
          if (!r.ok || r.document.pages.length !== (kind === "pdf" ? PAGES : 1))
            throw new Error(`${fileName} not read`);
        }),
      );
    }
    await pool.close();
    // maxRSS covers the whole process, worker threads included.
    const rssAfterWorker = rssMb();

    // The event-loop baseline: the same parsing with no worker (after the RSS reading: it loads the parsers here).
    for (const [i, { kind, bytes, label }] of inputs.entries()) {
      const inline = await measure(async () => {
        const r = await parseDocument({ kind, bytes: new Uint8Array(bytes) });
        if (!r.ok) throw new Error(`${label}: ${r.reason} ${r.cause}`);
      });
      report(label, results[i]!, inline);
    }
    console.log(`peak RSS after the worker runs: ${rssAfterWorker} MB`);

    const baseline = pdftotext(files.pdf);
    const ours = results[0]?.medianMs ?? 0;
    if (baseline === null) {
      console.log("pdftotext: NOT FOUND (apt-get install -y poppler-utils), so there is no baseline ratio");
    } else {
      const ratio = ours / baseline;
      console.log(
        `pdftotext on the same PDF: median ${ms(baseline)}; ours (warm) / pdftotext = ${ratio.toFixed(2)}x ` +
          `(target <= 4x: ${ratio <= 4 ? "met" : "NOT met"})`,
      );
    }

    // Through the study upload endpoint of the built server (multipart, worker, database).
    const upload = await uploadBench(files, RUNS, PAGES);
    if (baseline !== null && upload.pdf) {
      const ratio = upload.pdf.warm / baseline;
      console.log(
        `upload endpoint PDF (warm) / pdftotext = ${ratio.toFixed(2)}x (target <= 4x: ${ratio <= 4 ? "met" : "NOT met"})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await main();
