import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

// Moving an event on the calendar (issue 26 item 4): by drag or keyboard, one PATCH with its new date.

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

const req = (who: TestUser | null, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who?.headers });

describe("PATCH /api/events/:id", () => {
  it("moves the caller's event; never another student's", async () => {
    const made = await req(ada, "POST", "/api/events", { title: "Exam", date: "2031-06-01T10:00:00Z" });
    const { id } = made.json() as { id: number };
    const moved = await req(ada, "PATCH", `/api/events/${id}`, { date: "2031-06-03T10:00:00+02:00" });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id, title: "Exam", date: "2031-06-03T08:00:00.000Z" });
    expect((await req(bob, "PATCH", `/api/events/${id}`, { date: "2031-06-09T10:00:00Z" })).statusCode).toBe(
      404,
    );
    expect((await req(null, "PATCH", `/api/events/${id}`, { date: "2031-06-09T10:00:00Z" })).statusCode).toBe(
      401,
    );
    const list = (await req(ada, "GET", "/api/events")).json() as { id: number; date: string }[];
    expect(list.find((e) => e.id === id)?.date).toBe("2031-06-03T08:00:00.000Z");
  });

  it.each([[{}], [{ date: "tomorrow" }], [{ date: "0000-01-01T00:00:00Z" }], [{ date: 5 }]])(
    "%j is a 400 with an error",
    async (body) => {
      const res = await req(ada, "PATCH", "/api/events/1", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    },
  );
});
