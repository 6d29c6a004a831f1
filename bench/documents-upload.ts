// The upload-endpoint part of `npm run bench:documents`: the built server in its own process, a 100-page
// PDF and a 100-page DOCX sent to POST /api/study/sets/:id/documents/upload (multipart, as the browser
// sends them). Prints the wall time of each upload (first, and the median of the warm ones), the server
// process's peak RSS (VmHWM), and GET /api/tasks latency (p50/p99) with no upload running against the
// same while uploads run back to back: the extraction worker must leave other students' requests alone.
import { readFileSync } from "node:fs";
import path from "node:path";
import { median, ms, pct, peakRssMb, tasksIdleAndBusy, withBenchServer } from "./server-bench-kit.ts";

export async function uploadBench(files: { pdf: string; docx: string }, runs: number, pages: number) {
  return withBenchServer("upload", {}, async (server) => {
    const { url, headers } = server;
    const setRes = await fetch(`${url}/api/study/sets`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ title: "Benchmark" }),
    });
    const { id } = (await setRes.json()) as { id: number };

    const upload = async (file: string) => {
      const form = new FormData();
      form.set("title", "");
      form.set("file", new Blob([readFileSync(file)]), path.basename(file));
      const start = performance.now();
      const res = await fetch(`${url}/api/study/sets/${id}/documents/upload`, {
        method: "POST",
        headers,
        body: form,
      });
      let body = (await res.json()) as {
        id: number;
        status?: string;
        pages: unknown[] | null;
        error?: string | null;
      };
      if (res.status !== 201) throw new Error(`${path.basename(file)}: ${res.status} ${body.error}`);
      // Read by a background job (issue 23): the time is until the text is in, as the student waits for it.
      while (body.status === "processing") {
        await new Promise((r) => setTimeout(r, 100));
        const polled = await fetch(`${url}/api/study/documents/${body.id}`, { headers });
        // A loaded machine can answer a poll with 503 (overloaded): poll again.
        if (polled.ok) body = await polled.json();
      }
      if (body.status === "failed") throw new Error(`${path.basename(file)}: ${body.error}`);
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

    // Idle, then with PDF and DOCX uploads back to back.
    const {
      idle,
      busy,
      runs: uploads,
    } = await tasksIdleAndBusy(server, 8, (n) => upload(n % 2 ? files.docx : files.pdf));
    console.log(
      `GET /api/tasks without uploads: p50 ${ms(pct(idle, 0.5))}, p99 ${ms(pct(idle, 0.99))} (${idle.length} requests)`,
    );
    console.log(
      `GET /api/tasks during ${uploads} uploads: p50 ${ms(pct(busy, 0.5))}, p99 ${ms(pct(busy, 0.99))} (${busy.length} requests)`,
    );
    return timings;
  });
}
