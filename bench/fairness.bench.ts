// `npm run bench:fairness` (issue 27, faults 2 and 3): the built server in its own process. One student
// floods it with uploads of a 1,900-page PDF and summaries of 900,000 characters (FLOOD_CONNECTIONS loops
// at once, back to back), while a second student, once a second, uploads a 40-byte .txt or asks for a
// summary of 100 characters. Prints the second student's latencies (p50, p99, max) and errors, what the
// flood got back (by status), and the machine's load (`uptime`). Targets: p99 < 2 s, 0 errors.
// BENCH_SECONDS (default 30), FLOOD_CONNECTIONS (default 4).
import { execSync } from "node:child_process";
import { syntheticPages } from "#server/integrations/ai/builtin/fixtures/synthetic.ts";
import { manyPagesPdf } from "#tests/fixtures/bombs.ts";
import { registerOverHttp } from "#tests/server-process.ts";
import { ms, pct, withBenchServer } from "./server-bench-kit.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const FLOOD = Number(process.env.FLOOD_CONNECTIONS ?? 4);
const P99_TARGET_MS = 2000;

const bigPdf = new Uint8Array(manyPagesPdf(1900));
const bigText = syntheticPages(400).join("\n\n").slice(0, 900_000);

await withBenchServer("fairness", {}, async ({ url, headers: flooder }) => {
  const other = await registerOverHttp(url, `fair_${Date.now().toString(36)}`);
  const upload = (headers: Record<string, string>, bytes: Uint8Array, name: string) => {
    const body = new FormData();
    body.set("file", new Blob([bytes as BlobPart]), name);
    return fetch(`${url}/api/upload-document/file`, { method: "POST", headers, body });
  };
  const summarize = (headers: Record<string, string>, text: string) =>
    fetch(`${url}/api/summarize`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ text }),
    });

  const stop = performance.now() + SECONDS * 1000;
  const flood = new Map<string, number>();
  const floodLoops = Array.from({ length: FLOOD }, async (_, i) => {
    for (let n = 0; performance.now() < stop; n++) {
      const res = await ((i + n) % 2
        ? summarize(flooder, bigText)
        : upload(flooder, bigPdf, "huge.pdf")
      ).catch(() => null);
      const key = `${(i + n) % 2 ? "summary" : "upload"} ${res?.status ?? "no answer"}`;
      flood.set(key, (flood.get(key) ?? 0) + 1);
      await res?.arrayBuffer();
      // A student refused with 429 does not hammer: wait a moment as the client would.
      if (res?.status === 429) await new Promise((r) => setTimeout(r, 250));
    }
  });

  const latencies: number[] = [];
  const errors: string[] = [];
  const small = (async () => {
    await new Promise((r) => setTimeout(r, 1000)); // the flood is under way
    for (let n = 0; performance.now() < stop; n++) {
      const started = performance.now();
      const res = await (n % 2
        ? summarize(other, "Mitochondria make the cell's energy. Chloroplasts capture light in plant cells.")
        : upload(other, new TextEncoder().encode("Forty bytes of notes about cell walls."), "notes.txt")
      ).catch((e: Error) => e);
      const took = performance.now() - started;
      latencies.push(took);
      if (res instanceof Error) errors.push(`${n % 2 ? "summary" : "upload"}: ${res.message}`);
      else {
        await res.arrayBuffer();
        if (!res.ok) errors.push(`${n % 2 ? "summary" : "upload"}: ${res.status}`);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - took)));
    }
  })();
  await Promise.all([...floodLoops, small]);

  const load = execSync("uptime").toString().trim();
  console.log(
    `flooding student (${FLOOD} loops, ${SECONDS} s): ${[...flood].map(([k, v]) => `${k}: ${v}`).join(", ")}`,
  );
  const p99 = pct(latencies, 0.99);
  console.log(
    `other student's small requests: ${latencies.length}, p50 ${ms(pct(latencies, 0.5))}, p99 ${ms(p99)}, max ${ms(Math.max(...latencies))}, errors ${errors.length}${errors.length ? ` (${errors.slice(0, 5).join("; ")})` : ""}`,
  );
  const met = p99 < P99_TARGET_MS && errors.length === 0;
  console.log(`target p99 < ${P99_TARGET_MS} ms and 0 errors: ${met ? "met" : "NOT met"}`);
  console.log(`load: ${load}`);
  if (!met) process.exitCode = 1;
});
