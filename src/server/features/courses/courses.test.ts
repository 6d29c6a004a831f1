import { describe, expect, it } from "vitest";
import { courseEndpoints } from "#shared/courses/contract.ts";
import { createUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
const { list, create } = courseEndpoints;

describe("GET /api/courses", () => {
  it("gives a student with no course the default 'Web Development' / 'CS 330', once", async () => {
    const u = await createUser(t.app);
    // Two first visits at the same moment must not create two default courses.
    const [a, ...rest] = await Promise.all([
      t.api(u).send(list, { query: { userId: u.user.id } }),
      ...Array.from({ length: 7 }, () => t.api(u).send(list)),
    ]);
    expect(a!.statusCode).toBe(200);
    expect(a!.json()).toEqual([
      { id: expect.any(Number), name: "Web Development", code: "CS 330", canvasId: null },
    ]);
    for (const r of rest) expect(r.json()).toEqual(a!.json());
    expect(await t.api(u).call(list)).toEqual(a!.json());
  });

  it("lists only the caller's courses", async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    await t.api(other).call(create, { body: { name: "Secret", code: "X 1" } });
    const mine = await t.api(u).call(create, { body: { name: "Physics", code: "PHY 201" } });
    expect(await t.api(u).call(list)).toEqual([mine]);
  });

  it("answers 401 without a session and 403 for another userId", async () => {
    const u = await createUser(t.app);
    expect((await t.api(null).send(list)).statusCode).toBe(401);
    expect((await t.api(u).send(list, { query: { userId: u.user.id + 1000 } })).statusCode).toBe(403);
  });
});

describe("POST /api/courses", () => {
  it("creates a course with its name and code trimmed (SPEC §7 body)", async () => {
    const u = await createUser(t.app);
    const res = await t.api(u).send(create, {
      body: { userId: u.user.id, name: " Web Development ", code: " CS 330 " },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: "Web Development",
      code: "CS 330",
      canvasId: null,
    });
  });

  it("requires a name, refuses another userId and needs a session", async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    const blank = await t.api(u).send(create, { body: { name: "  " } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe("Course name is required");
    const spoof = await t.api(u).send(create, { body: { name: "X", userId: other.user.id } });
    expect(spoof.statusCode).toBe(403);
    const anon = await t.api(null).send(create, { body: { name: "X" } });
    expect(anon.statusCode).toBe(401);
  });
});
