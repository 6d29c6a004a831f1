import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCanvasClient } from "./canvas-client.ts";
import { systemResolveAll } from "./host-policy.ts";

/** A bare Canvas stand-in whose Link header each test writes itself. */
let linkFor: (page: number, base: string) => string | null = () => null;
let server: http.Server;
let host = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${host}`);
    const page = Number(url.searchParams.get("page") ?? "1");
    const link = linkFor(page, `http://${host}/api/v1/courses`);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", ...(link ? { link } : {}) });
    res.end(JSON.stringify([{ id: String(page), name: `Course ${page}` }]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function courseIds() {
  const client = createCanvasClient({
    baseUrl: `http://${host}`,
    token: "t",
    policy: { insecureHosts: [host], resolveAll: systemResolveAll },
  });
  try {
    return (await client.courses("active")).courses.map((c) => c.id);
  } finally {
    client.close();
  }
}

describe("Link pagination", () => {
  it.each([
    [
      "rel after another parameter",
      (p: number, b: string) => `<${b}?page=${p + 1}>; type="application/json"; rel="next"`,
    ],
    ["unquoted, upper-case rel", (p: number, b: string) => `<${b}?page=${p + 1}>; REL=Next`],
    [
      "several relation types",
      (p: number, b: string) => `<${b}?page=1>; rel="first", <${b}?page=${p + 1}>; rel="next last"`,
    ],
  ])("follows next with %s, until there is none", async (_name, next) => {
    linkFor = (page, base) => (page < 3 ? next(page, base) : `<${base}?page=1>; rel="first"`);
    expect(await courseIds()).toEqual(["1", "2", "3"]);
  });

  it("does not take another parameter's value for the relation", async () => {
    linkFor = (page, base) => `<${base}?page=${page + 1}>; title="next"; rel="last"`;
    expect(await courseIds()).toEqual(["1"]);
  });
});
