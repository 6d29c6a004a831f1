// `npm run bench:import` (issue 25, Benchmarks): a 50,000-card .apkg with 200,000 reviews, imported into
// the built server in its own process (POST .../import/apkg: unzip + SQLite in the Anki worker pool, FSRS
// replay of every log, then the rows, states and reviews written). Prints the import's time and the
// server's peak RSS beside the `sqlite3` command line reading the same tables of the same collection
// (ratio; target within 3x), and GET /api/tasks p50/p99 while the import runs against the same time idle.
// BENCH_PHASES=1 prints the server's time per phase. BENCH_CARDS (default 50,000), BENCH_REVIEWS_PER_CARD (default 4); BENCH_DATABASE_URL (a PostgreSQL server
// the bench may create a scratch database on) runs the server on PostgreSQL instead of PGlite.
import { execSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { BASIC, buildCollection, buildPackage } from "#tests/fixtures/anki/build-apkg.ts";
import { scratchPostgres } from "#tests/test-app.ts";
import { cpuMs, ms, pct, peakRssMb, withBenchServer } from "./server-bench-kit.ts";

function postWithoutTimeout(url: string, headers: Record<string, string>, body: Uint8Array) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", headers: { ...headers, "content-length": String(body.byteLength) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** GET /api/tasks on two loops until `until()`: latencies, and answers that were not 200 (shed or failed). */
async function tasksWhile(url: string, headers: Record<string, string>, until: () => boolean) {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (!until()) {
        const start = performance.now();
        const status = await fetch(`${url}/api/tasks`, { headers })
          .then(async (res) => {
            await res.arrayBuffer();
            return res.status;
          })
          .catch((err: Error) => err.message);
        latencies.push(performance.now() - start);
        if (status !== 200) {
          errors.set(String(status), (errors.get(String(status)) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }),
  );
  return { latencies, errors: [...errors].map(([k, v]) => `${k} x${v}`).join(", ") || "none" };
}

const CARDS = Number(process.env.BENCH_CARDS ?? 50_000);
const PER_CARD = Number(process.env.BENCH_REVIEWS_PER_CARD ?? 4);
const RATIO_TARGET = 3;
const DAY = 86_400_000;

// A year-old collection: every card reviewed PER_CARD times, due over the coming weeks.
const crt = Math.floor((Date.now() - 365 * DAY) / DAY) * 86_400;
const today = Math.floor((Date.now() / 1000 - crt) / 86_400);
const started = performance.now();
const collection = await buildCollection({
  crt,
  models: [BASIC],
  decks: [{ id: 1, name: "Bench" }],
  notes: Array.from({ length: CARDS }, (_, i) => ({
    id: i + 1,
    mid: BASIC.id,
    fields: [`Question ${i}: what is term ${i}?`, `Answer ${i}, with a little <b>markup</b>`],
    tags: [`t${i % 20}`],
    guid: `bench${i}`,
  })),
  cards: Array.from({ length: CARDS }, (_, i) => ({
    id: i + 1,
    nid: i + 1,
    ord: 0,
    type: 2,
    queue: 2,
    due: today + (i % 30),
    ivl: 10 + (i % 50),
    factor: 2500,
    reps: PER_CARD,
  })),
  revlog: Array.from({ length: CARDS * PER_CARD }, (_, k) => {
    const card = Math.floor(k / PER_CARD);
    const n = k % PER_CARD;
    return {
      id: (crt + (100 + n * 40) * 86_400) * 1000 + card,
      cid: card + 1,
      ease: n === 1 ? 1 : 3,
      type: n === 0 ? 0 : 1,
      ivl: n * 10,
      time: 4000,
    };
  }),
});
const apkg = buildPackage(collection);
const dir = mkdtempSync(path.join(os.tmpdir(), "studyhall-bench-import-"));
const dbFile = path.join(dir, "collection.anki2");
writeFileSync(dbFile, collection);
console.log(
  `package: ${CARDS} cards, ${CARDS * PER_CARD} reviews, ${(apkg.byteLength / 1024 / 1024).toFixed(1)} MB zipped (${(collection.byteLength / 1024 / 1024).toFixed(1)} MB collection), built in ${ms(performance.now() - started)}`,
);

// The sqlite3 command line reading the same tables, every column of every row: the floor a reader
// of this file pays. GNU time gives its peak RSS and CPU time.
const query = "select * from notes; select * from cards; select * from revlog;";
const cliStart = performance.now();
const cli = spawnSync("/usr/bin/time", ["-f", "%M %U %S", "sqlite3", dbFile, query], {
  stdio: ["ignore", "ignore", "pipe"],
  maxBuffer: 1024 * 1024,
});
const cliMs = performance.now() - cliStart;
const [cliRssKb, cliUser, cliSys] = (cli.stderr.toString().trim().split("\n").at(-1) ?? "")
  .split(" ")
  .map(Number);
const cliRssMb = Math.round(cliRssKb! / 1024);
const cliCpuMs = (cliUser! + cliSys!) * 1000;
if (cli.status !== 0) throw new Error(`sqlite3 failed: ${cli.stderr}`);

const scratch = process.env.BENCH_DATABASE_URL
  ? await scratchPostgres(process.env.BENCH_DATABASE_URL, "studyhall_bench")
  : undefined;
console.log(`database: ${scratch ? "PostgreSQL" : "PGlite"}`);
try {
  await withBenchServer(
    "import",
    {
      ...(scratch ? { DATABASE_URL: scratch.url, SECRET_KEY: randomBytes(32).toString("hex") } : {}),
      // BENCH_PHASES=1: the request log at info, for the import's phase times (it logs every GET too,
      // so the timed runs keep the kit's warn).
      ...(process.env.BENCH_PHASES ? { LOG_LEVEL: "info" } : {}),
    },
    async ({ url, pid, headers, output }) => {
      const json = { ...headers, "content-type": "application/json" };
      const studySet = await (
        await fetch(`${url}/api/study/sets`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ title: "Bench" }),
        })
      ).json();
      const set = await (
        await fetch(`${url}/api/study/sets/${studySet.id}/flashcard-sets`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ title: "Imported" }),
        })
      ).json();
      const rssBefore = peakRssMb(pid);
      const cpuBefore = cpuMs(pid);

      let done = false;
      const busy = tasksWhile(url, headers, () => done);
      const importStart = performance.now();
      const body = new FormData();
      body.set("options", JSON.stringify({ scheduling: true }));
      body.set("file", new Blob([apkg as BlobPart]), "bench.apkg");
      // node:http, not fetch: fetch gives up waiting for the answer's headers after 300 s.
      const form = new Request("http://x/", { method: "POST", body });
      const res = await postWithoutTimeout(
        `${url}/api/study/flashcard-sets/${set.id}/import/apkg`,
        {
          ...headers,
          "content-type": form.headers.get("content-type")!,
        },
        new Uint8Array(await form.arrayBuffer()),
      );
      const result = JSON.parse(res.body);
      const importMs = performance.now() - importStart;
      done = true;
      const { latencies: busyLatencies, errors: busyErrors } = await busy;
      const importCpuMs = cpuMs(pid) - cpuBefore;
      if (res.status !== 201) throw new Error(`import: ${res.status} ${JSON.stringify(result)}`);
      const rssPeak = peakRssMb(pid);

      const until = performance.now() + importMs;
      const { latencies: idle, errors: idleErrors } = await tasksWhile(
        url,
        headers,
        () => performance.now() > until,
      );

      const ratio = importMs / cliMs;
      console.log(
        `import: ${result.imported} cards into ${result.sets.length} sets, ${result.reviews} reviews, in ${ms(importMs)}; server peak RSS ${rssPeak} MB (${rssBefore} MB before)`,
      );
      // The server's own times per phase (the import's log line): where the time went.
      const written = output()
        .split("\n")
        .find((l) => l.includes("anki import written"));
      if (written) console.log(`phases (ms): ${JSON.stringify(JSON.parse(written).phases)}`);
      console.log(`sqlite3 CLI reading notes, cards and revlog: ${ms(cliMs)}, peak RSS ${cliRssMb} MB`);
      // CPU time: on a shared machine wall times grow with everyone's load; CPU time much less. The
      // server's includes the GET /api/tasks it answered during the import (and PostgreSQL's own is not in it).
      console.log(
        `CPU time: server during the import ${ms(importCpuMs)}, sqlite3 ${ms(cliCpuMs)} (ratio ${(importCpuMs / Math.max(10, cliCpuMs)).toFixed(1)}x)`,
      );
      console.log(
        `ratio import / sqlite3: time ${ratio.toFixed(1)}x, RSS ${(rssPeak / Math.max(1, cliRssMb)).toFixed(1)}x (target time within ${RATIO_TARGET}x: ${ratio <= RATIO_TARGET ? "met" : "NOT met"})`,
      );
      console.log(
        `GET /api/tasks idle: ${idle.length} requests, p50 ${ms(pct(idle, 0.5))}, p99 ${ms(pct(idle, 0.99))}, errors ${idleErrors}; during the import: ${busyLatencies.length} requests, p50 ${ms(pct(busyLatencies, 0.5))}, p99 ${ms(pct(busyLatencies, 0.99))}, errors ${busyErrors}`,
      );
      console.log(`load: ${execSync("uptime").toString().trim()}`);
    },
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  await scratch?.drop();
}
