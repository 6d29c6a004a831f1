// The upload-endpoint part of `npm run bench:documents`: the built server in its own process, a 100-page
// PDF and a 100-page DOCX sent to POST /api/study/sets/:id/documents/upload (multipart, as the browser
// sends them). Prints the wall time of each upload (first, and the median of the warm ones), the server
// process's peak RSS (VmHWM), and GET /api/tasks latency (p50/p99) with no upload running against the
// same while uploads run back to back: the extraction worker must leave other students' requests alone.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ensureBuilt,
  freePort,
  registerOverHttp,
  spawnServer,
  waitForHealth,
} from "#tests/server-process.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

export function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kb) / 1024);
}

/** GET /api/tasks on `connections` loops until `until()` is true; every latency in ms. */
export async function taskLatencies(
  url: string,
  headers: Record<string, string>,
  until: () => boolean,
  connections = 2,
) {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!until()) {
        const start = performance.now();
        const res = await fetch(`${url}/api/tasks`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`GET /api/tasks: ${res.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

export async function uploadBench(files: { pdf: string; docx: string }, runs: number, pages: number) {
  ensureBuilt(["server"]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "studyhall-bench-upload-"));
  const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
  try {
    await waitForHealth(server);
    const headers = await registerOverHttp(server.url, `bench_${Date.now().toString(36)}`);
    const setRes = await fetch(`${server.url}/api/study/sets`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ title: "Benchmark" }),
    });
    const { id } = (await setRes.json()) as { id: number };
    for (let i = 0; i < 20; i++) {
      await fetch(`${server.url}/api/tasks`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ title: `Task ${i}` }),
      });
    }

    const upload = async (file: string) => {
      const form = new FormData();
      form.set("title", "");
      form.set("file", new Blob([readFileSync(file)]), path.basename(file));
      const start = performance.now();
      const res = await fetch(`${server.url}/api/study/sets/${id}/documents/upload`, {
        method: "POST",
        headers,
        body: form,
      });
      const body = (await res.json()) as { pages: unknown[] | null; error?: string };
      if (res.status !== 201) throw new Error(`${path.basename(file)}: ${res.status} ${body.error}`);
      if (file.endsWith(".pdf") && body.pages?.length !== pages) throw new Error("PDF pages lost");
      return performance.now() - start;
    };

    const timings: Record<string, { first: number; warm: number }> = {};
    for (const [kind, file] of Object.entries(files)) {
      const times: number[] = [];
      for (let i = 0; i <= runs; i++) times.push(await upload(file));
      timings[kind] = { first: times[0] ?? 0, warm: median(times.slice(1)) };
      console.log(
        `upload endpoint, ${pages}-page ${kind.toUpperCase()}: first ${ms(times[0] ?? 0)}, warm median ${ms(timings[kind].warm)} (${runs} runs)`,
      );
    }
    console.log(`server peak RSS (VmHWM, worker threads included): ${peakRssMb(server.pid)} MB`);

    // Same duration for both: idle, then with PDF and DOCX uploads back to back.
    const seconds = 8;
    let stop = performance.now() + seconds * 1000;
    const idle = await taskLatencies(server.url, headers, () => performance.now() > stop);
    stop = performance.now() + seconds * 1000;
    let uploads = 0;
    const busyTasks = taskLatencies(server.url, headers, () => performance.now() > stop);
    const uploading = (async () => {
      while (performance.now() < stop) {
        await upload(uploads % 2 ? files.docx : files.pdf);
        uploads += 1;
      }
    })();
    const [busy] = await Promise.all([busyTasks, uploading]);
    console.log(
      `GET /api/tasks without uploads: p50 ${ms(pct(idle, 0.5))}, p99 ${ms(pct(idle, 0.99))} (${idle.length} requests)`,
    );
    console.log(
      `GET /api/tasks during ${uploads} uploads: p50 ${ms(pct(busy, 0.5))}, p99 ${ms(pct(busy, 0.99))} (${busy.length} requests)`,
    );
    return timings;
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
