// Issue 8 §3 "Slow bodies": a request that sent part of its body was held forever, and one client's
// 19,950 such sockets made /api/health unreachable. The real server on a real socket (inject() never
// reaches http-server.ts).
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import type { Database } from "#server/db/client.ts";
import { freshDatabase, testConfig } from "#tests/test-app.ts";

let database: Database;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp(
    testConfig({ limits: { requestTimeoutMs: 1000, idleTimeoutMs: 5000, maxConnectionsPerIp: 5 } }),
    database,
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" }, () => resolve(socket));
    socket.on("error", reject);
  });
}

/** Resolves with what the server sent and how long after `since` the socket was closed. */
function closed(socket: net.Socket, since: number): Promise<{ ms: number; received: string }> {
  let received = "";
  socket.on("data", (d) => {
    received += d.toString();
  });
  return new Promise((resolve) => socket.on("close", () => resolve({ ms: Date.now() - since, received })));
}

const partialLogin = (socket: net.Socket) =>
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
  );

describe("the listening server", () => {
  it("closes a connection whose body stalls, within the request timeout", async () => {
    const socket = await connect();
    const start = Date.now();
    partialLogin(socket);
    const { ms, received } = await closed(socket, start);
    // requestTimeout 1 s, checked every second: closed within ~2 s, not held forever.
    expect(ms).toBeLessThan(4000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  }, 10_000);

  it("closes a body that trickles a byte at a time past the request timeout", async () => {
    const socket = await connect();
    const start = Date.now();
    partialLogin(socket);
    const trickle = setInterval(() => socket.writable && socket.write(" "), 200);
    const { ms } = await closed(socket, start);
    clearInterval(trickle);
    expect(ms).toBeLessThan(4000);
  }, 10_000);

  it("caps the connections one address holds, and the others still answer", async () => {
    const held = await Promise.all(Array.from({ length: 5 }, connect));
    for (const s of held) s.write("GET /api/health HTTP/1.1\r\nHost: x\r\n"); // headers never finished
    const sixth = await connect();
    const { received } = await closed(sixth, Date.now());
    expect(received).toBe(""); // refused at once, before any request
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  }, 10_000);
});
