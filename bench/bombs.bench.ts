// `npm run bench:bombs` (issue 27, fault 5): the built server in its own process; a DOCX, a PPTX and a PDF
// whose parts inflate to BENCH_BOMB_MB (default 1024) each are made on the fly and uploaded one after the
// other as course materials. Prints each answer, the server's peak RSS while it was read (sampled every
// 25 ms), and its RSS before and after, settled. Targets: peak < 600 MB, settled within 50 MB of before.
import { readFileSync } from "node:fs";
import { docxBomb, pdfBomb, pptxBomb } from "#tests/fixtures/bombs.ts";
import { ms, withBenchServer } from "./server-bench-kit.ts";

const BOMB_MB = Number(process.env.BENCH_BOMB_MB ?? 1024);
const PEAK_TARGET_MB = 600;
const SETTLED_TARGET_MB = 50;

const rssMb = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024);
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

await withBenchServer("bombs", {}, async ({ url, pid, headers }) => {
  // Warm up with an honest upload, so "before" includes a started extraction worker's cost... and is
  // measured after it has been given back.
  const form = new FormData();
  form.set("file", new Blob(["Honest notes about cells."]), "warm.txt");
  await fetch(`${url}/api/upload-document/file`, { method: "POST", headers, body: form });
  const before = await settledRss(pid);
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
      const list = (await (
        await fetch(`${url}/api/course-documents`, { headers })
      ).json()) as (typeof answer)[];
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
  const peakMet = worstPeak < PEAK_TARGET_MB;
  const settledMet = after - before <= SETTLED_TARGET_MB;
  console.log(
    `peak RSS ${worstPeak} MB (target < ${PEAK_TARGET_MB} MB): ${peakMet ? "met" : "NOT met"}; settled ${after} MB, ${after - before >= 0 ? "+" : ""}${after - before} MB against before (target within ${SETTLED_TARGET_MB} MB): ${settledMet ? "met" : "NOT met"}`,
  );
  if (!peakMet || !settledMet) process.exitCode = 1;
});
