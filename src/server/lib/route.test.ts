import { brotliDecompressSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint } from "#shared/http.ts";
import { testConfig } from "#tests/test-app.ts";
import { registerErrorHandler } from "../plugins/errors.ts";
import { JsonText, route } from "./route.ts";
import { strictSchema } from "./strict-schema.ts";

const item = z.object({ id: z.number(), title: z.string() });
const answer = z.object({ user: z.object({ id: z.number(), email: z.string() }), items: z.array(item) });
const probe = endpoint({ method: "GET", path: "/api/contract-probe", response: answer, public: true });
const created = endpoint({
  method: "POST",
  path: "/api/contract-created",
  response: z.object({ ok: z.literal(true) }),
  status: 201,
  public: true,
});

const SECRET = "$argon2id$v=19$m=19456,t=2,p=1$leaked";
/** What the probe handler returns next: a test sets it, as a buggy handler would build it. */
let next: unknown;

/**
 * route() and the error renderer as buildApp wires them (no database: these routes need none), with two
 * test-only routes, one answering whatever `next` holds.
 */
async function appWith(checkResponses: boolean, lines: string[]) {
  const app = Fastify({ logger: { level: "error", stream: { write: (l: string) => lines.push(l) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", testConfig({ checkResponses }));
  app.decorateRequest("user", null);
  registerErrorHandler(app);
  route(app, probe, async () => next as z.infer<typeof answer>);
  route(app, created, async () => ({ ok: true as const }));
  await app.ready();
  return app;
}

let checked: FastifyInstance;
let unchecked: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  checked = await appWith(true, lines);
  unchecked = await appWith(false, []);
});
afterAll(async () => {
  await checked.close();
  await unchecked.close();
});

const good = { user: { id: 1, email: "a@school.edu" }, items: [{ id: 1, title: "Essay" }] };

describe("the response contract (checkResponses)", () => {
  it("lets an answer within the schema through, unchanged, with the endpoint's status", async () => {
    next = good;
    const res = await checked.inject({ url: probe.path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(good);
    expect((await checked.inject({ method: "POST", url: created.path })).statusCode).toBe(201);
  });

  it.each([
    ["a password hash beside the user", { ...good, user: { ...good.user, passwordHash: SECRET } }],
    ["a token deep in a list", { ...good, items: [{ id: 1, title: "Essay", token: SECRET }] }],
    ["a field of the wrong type", { ...good, user: { id: SECRET, email: "a@school.edu" } }],
  ])("answers 500 response_contract for %s, and logs where without the value", async (_what, leaking) => {
    next = leaking;
    lines.length = 0;
    const res = await checked.inject({ url: probe.path });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Internal server error", code: "response_contract" });
    expect(res.body).not.toContain("leaked");
    const logged = lines.join("\n");
    expect(logged).toContain("answer outside its response schema");
    expect(logged).toContain("GET /api/contract-probe");
    expect(logged).not.toContain("leaked");
  });

  it("checks an answer written as JSON text the same way, and sends a good one byte for byte", async () => {
    const text = JSON.stringify(good);
    next = new JsonText(text);
    const ok = await checked.inject({ url: probe.path });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(ok.body).toBe(text);
    next = new JsonText(JSON.stringify({ ...good, user: { ...good.user, passwordHash: SECRET } }));
    const leaking = await checked.inject({ url: probe.path });
    expect(leaking.statusCode).toBe(500);
    expect(leaking.body).not.toContain("leaked");
  });

  it("is off unless configured: the answer passes as the handler built it", async () => {
    next = { ...good, user: { ...good.user, passwordHash: SECRET } };
    const res = await unchecked.inject({ url: probe.path });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.passwordHash).toBe(SECRET);
  });
});

describe("a kept answer (JsonText.kept): its bytes and their Brotli form, made once", () => {
  const long = {
    ...good,
    items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Problem set ${i}: derivatives` })),
  };

  it("is sent as its bytes, marked br, to a client that takes br; the same text as sent plain", async () => {
    const text = JSON.stringify(long);
    next = await JsonText.kept(text);
    for (const accept of ["br", "gzip, deflate, br, zstd", "br;q=0.5, gzip;q=1"]) {
      const res = await checked.inject({ url: probe.path, headers: { "accept-encoding": accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers.vary).toBe("accept-encoding");
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.rawPayload.length).toBeLessThan(text.length / 4);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(text);
    }
  });

  it("is not sent where br is refused, not offered, or compression is declined", async () => {
    const text = JSON.stringify(long);
    next = await JsonText.kept(text);
    for (const headers of [
      {},
      { "accept-encoding": "gzip" },
      { "accept-encoding": "br;q=0, gzip" },
      {
        "accept-encoding": "br",
        "x-no-compression": "1",
      },
    ]) {
      const res = await checked.inject({ url: probe.path, headers });
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body).toBe(text);
    }
  });

  it("is sent as the same bytes, JSON, to a client that takes no encoding", async () => {
    const text = JSON.stringify({ ...long, items: [{ id: 1, title: "Ünïcödé — 微积分 ✓" }, ...long.items] });
    next = await JsonText.kept(text);
    const res = await checked.inject({ url: probe.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(text)));
    expect(res.body).toBe(text);
  });

  it("is not compressed when too small to gain from it", async () => {
    expect((await JsonText.kept(JSON.stringify(good))).brotli).toBeUndefined();
    expect((await JsonText.kept(JSON.stringify(long))).brotli).toBeInstanceOf(Buffer);
  });
});

describe("strictSchema", () => {
  const shape = z.object({
    a: z.string().optional(),
    b: z.object({ c: z.number() }).nullable(),
    d: z.union([z.object({ kind: z.literal("x") }), z.string()]),
    e: z.record(z.string(), z.unknown()).default({}),
    f: z.array(z.object({ g: z.boolean() })).min(1),
  });
  const strict = strictSchema(shape);
  const valid = { b: { c: 1 }, d: { kind: "x" }, f: [{ g: true }] };

  it("accepts what the schema accepts, through optional, nullable, union, record and default", () => {
    expect(strict.safeParse(valid).success).toBe(true);
    expect(strict.safeParse({ ...valid, b: null, d: "s", e: { any: { deep: 1 } } }).success).toBe(true);
  });

  it.each([
    ["top level", { ...valid, extra: 1 }, ""],
    ["inside nullable", { ...valid, b: { c: 1, extra: 1 } }, "b"],
    ["inside a union", { ...valid, d: { kind: "x", extra: 1 } }, "d"],
    ["inside an array", { ...valid, f: [{ g: true, extra: 1 }] }, "f.0"],
  ])("refuses an unknown key at the %s", (_where, value, path) => {
    const result = strict.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain(path);
  });

  it("keeps the schema's own checks", () => {
    expect(strict.safeParse({ ...valid, f: [] }).success).toBe(false);
  });
});
