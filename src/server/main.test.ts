// The built server as a process: what only a process shows (exit status, signals, kill -9, a second
// server on one data folder, a taken port). The database is PGlite in a temporary folder, or a scratch
// PostgreSQL database when TEST_DB=postgres.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ParseJob, ParseReply } from "#server/integrations/documents/parse.ts";
import { WorkerPool } from "#server/lib/worker-pool.ts";
import {
  builtServer,
  ensureBuilt,
  freePort,
  registerOverHttp,
  type ServerProcess,
  spawnServer,
  waitForHealth,
} from "#tests/server-process.ts";
import { scratchPostgres } from "#tests/test-app.ts";

const onPostgres = process.env.TEST_DB === "postgres";
const secretKey = randomBytes(32).toString("hex");
// One data folder (or database) for the whole file, used by one server at a time: a new PGlite folder
// costs an initdb.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "studyhall-process-"));
let database: Record<string, string> = { DATA_DIR: dataDir };
const running: ServerProcess[] = [];
let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
// Starts include a first start (initdb) on a machine the other test files load too.
const SLOW = 300_000;

async function start(env: Record<string, string>) {
  const server = spawnServer({ PORT: String(await freePort()), SECRET_KEY: secretKey, ...env });
  running.push(server);
  return server;
}

const linesOf = (output: string) => output.trim().split("\n");

beforeAll(async () => {
  ensureBuilt(["server"]);
  if (onPostgres) {
    scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
    database = { DATABASE_URL: scratch.url };
  }
}, SLOW);

afterAll(async () => {
  for (const s of running) s.child.kill("SIGKILL");
  await Promise.all(running.map((s) => s.exited));
  await scratch?.drop();
});

describe("the server process", () => {
  it(
    "keeps acknowledged writes across a kill -9 and starts again on the same data",
    async () => {
      const first = await start(database);
      await waitForHealth(first);
      const headers = await registerOverHttp(first.url, `kill${randomBytes(4).toString("hex")}`);
      const titles = Array.from({ length: 20 }, (_, i) => `Acknowledged ${i}`);
      for (const title of titles) {
        const res = await fetch(`${first.url}/api/tasks`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ title }),
        });
        expect(res.status).toBe(201);
      }
      first.child.kill("SIGKILL");
      expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });

      // The killed server's lock is stale: the next start takes it over.
      const second = await start(database);
      await waitForHealth(second);
      const res = await fetch(`${second.url}/api/tasks`, { headers });
      expect(res.status).toBe(200);
      const saved = ((await res.json()) as { title: string }[]).map((t) => t.title);
      expect(saved.sort()).toEqual([...titles].sort());
      second.child.kill("SIGTERM");
      expect(await second.exited).toEqual({ code: 0, signal: null });
    },
    SLOW,
  );

  it(
    "stops within SHUTDOWN_TIMEOUT_SECONDS, exiting non-zero, when a request never finishes",
    async () => {
      const server = await start({ ...database, SHUTDOWN_TIMEOUT_SECONDS: "1" });
      await waitForHealth(server);
      // A body that never arrives keeps its request in flight, so close() would wait for it.
      const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      socket.write(
        "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      );
      await new Promise((r) => setTimeout(r, 300));
      server.child.kill("SIGTERM");
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.output()).toContain("did not stop within 1 s of SIGTERM");
      socket.destroy();
    },
    SLOW,
  );

  // A worker shares the database with web processes: PostgreSQL only (PGlite's folder is one process's).
  if (onPostgres)
    it(
      "--worker runs background jobs only: it listens on no port and stops cleanly on SIGTERM",
      async () => {
        const worker = spawnServer(
          { ...database, SECRET_KEY: secretKey, PORT: String(await freePort()), LOG_LEVEL: "info" },
          [builtServer, "--worker"],
        );
        running.push(worker);
        for (let i = 0; i < 2400 && !worker.output().includes("worker is running jobs"); i++)
          await new Promise((r) => setTimeout(r, 50));
        expect(worker.output()).toContain("Studyhall worker is running jobs (database: postgres)");
        await expect(fetch(`${worker.url}/api/health`)).rejects.toThrow();
        worker.child.kill("SIGTERM");
        expect(await worker.exited).toEqual({ code: 0, signal: null });
      },
      SLOW,
    );
  else
    it("refuses --worker on the embedded database with one line", async () => {
      const worker = spawnServer({ DATA_DIR: dataDir }, [builtServer, "--worker"]);
      expect(await worker.exited).toEqual({ code: 1, signal: null });
      expect(linesOf(worker.output())).toEqual([
        expect.stringMatching(/^Invalid configuration: ROLE worker needs DATABASE_URL/),
      ]);
    });

  it("refuses to start with one line per bad variable, and no stack trace", async () => {
    const server = spawnServer({ PORT: "abc", LOG_LEVEL: "loud", DATABASE_URL: "postgres://db.example/x" });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    const lines = linesOf(server.output());
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.split(" ")[2])).toEqual(["PORT", "LOG_LEVEL", "SECRET_KEY"]);
    for (const line of lines) expect(line).toMatch(/^Invalid configuration: /);
  });
});

// The data folder lock is PGlite's; under TEST_DB=postgres these run in the PGlite pass only.
if (!onPostgres) {
  describe("one data folder, one port", () => {
    it(
      "refuses a second server on a data folder in use, with one line naming the first",
      async () => {
        const first = await start({ DATA_DIR: dataDir });
        await waitForHealth(first);
        expect(readFileSync(path.join(dataDir, "server.lock"), "utf8").trim()).toBe(String(first.pid));

        const second = await start({ DATA_DIR: dataDir });
        expect(await second.exited).toEqual({ code: 1, signal: null });
        expect(linesOf(second.output())).toEqual([
          expect.stringMatching(
            new RegExp(
              `^Studyhall cannot start: Data folder .* in use by another Studyhall server \\(PID ${first.pid}\\)`,
            ),
          ),
        ]);
        expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

        first.child.kill("SIGTERM");
        expect(await first.exited).toEqual({ code: 0, signal: null });
        expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
      },
      SLOW,
    );

    it(
      "refuses a port in use with one line, releasing the data folder it opened",
      async () => {
        const blocker = net.createServer();
        await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
        const port = (blocker.address() as net.AddressInfo).port;
        const server = await start({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "error" });
        expect(await server.exited).toEqual({ code: 1, signal: null });
        blocker.close();
        expect(linesOf(server.output())).toEqual([
          `Studyhall cannot start: 127.0.0.1:${port} is already in use (another server?); stop it or set PORT`,
        ]);
        expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
      },
      SLOW,
    );
  });

  describe("the build's worker entries", () => {
    it(
      "extract text from PDF, DOCX, DOC and PPTX with the bundled parsers",
      async () => {
        const pool = new WorkerPool<ParseJob, ParseReply>({
          // As integrations/documents does from dist/server/main.js: the .js beside it is used.
          entry: pathToFileURL(builtServer.replace(/main\.js$/, "extract-worker.ts")),
          size: 1,
          timeoutMs: 60_000,
          maxQueue: 4,
          maxMemoryMb: 256,
        });
        try {
          const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/documents");
          for (const [file, kind] of [
            ["cell-biology.pdf", "pdf"],
            ["study-guide.docx", "docx"],
            ["study-guide.doc", "doc"],
            ["lecture-slides.pptx", "pptx"],
          ] as const) {
            const reply = await pool.run({
              kind,
              bytes: new Uint8Array(readFileSync(path.join(fixtures, file))),
            });
            expect(reply.ok, file).toBe(true);
            if (reply.ok) expect(reply.pages.map((p) => p.text).join(" ").length, file).toBeGreaterThan(100);
          }
        } finally {
          await pool.close();
        }
      },
      SLOW,
    );
  });
}
