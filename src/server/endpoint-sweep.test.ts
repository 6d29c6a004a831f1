// Every endpoint the shared contracts declare, sent input no form would send: a wrong id in the path, a
// broken query, a body of the wrong shape. Whatever the endpoint, the answer is a 4xx with an
// `{ "error": "..." }` a student can read, never a 500 (the quality bar for every endpoint). A 503 for a
// service this server lacks (the demo Canvas, here) is not the input's fault, so it may stand, with its
// message. bad-input.test.ts holds the cases that once reached the database; this sweep also covers the
// endpoints added since and those to come, which it finds by itself.
import { beforeAll, describe, expect, it } from "vitest";
import { DECLARED_ENDPOINTS } from "#tests/declared-endpoints.ts";
import { createCourse, createTask, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

/** Path parameters: not a number, zero, past int4, a fraction, an encoded NUL; and one real id (below). */
const BAD_IDS = ["abc", "0", "99999999999999", "1.5", "%00"];
const BAD_QUERIES = [
  "",
  "?limit=-5&before=xyz",
  "?start=bad&end=bad&courseId=abc",
  "?q=%00&page=99999999999",
];
const BAD_BODIES: unknown[] = [
  null,
  [],
  "text",
  42,
  {},
  { id: "x", title: 5, name: [], date: "soon", content: {} },
];

const t = testAppPerFile();
let ada: TestUser;
let realIds: string[];
beforeAll(async () => {
  ada = await createUser(t.app);
  const course = await createCourse(t.app, ada, { name: "Calculus I", code: "MATH 151" });
  const task = await createTask(t.app, ada, { title: "Homework 7", courseId: course.id });
  realIds = [String(task.id)];
});

/** The `error` of a JSON error body, or undefined when the body is not one. */
function errorOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: unknown } | null)?.error;
  } catch {
    return undefined;
  }
}

describe("every declared endpoint, sent malformed input", () => {
  it("finds the contracts' endpoints", () => {
    // A broken glob would make the sweep below pass by sending nothing.
    expect(DECLARED_ENDPOINTS.length).toBeGreaterThan(150);
  });

  it("answers a 4xx with an error message, never a 500", async () => {
    const failures: string[] = [];
    let student = ada;
    for (const e of DECLARED_ENDPOINTS) {
      const ids = e.path.includes(":") ? [...BAD_IDS, ...realIds] : [""];
      for (const id of ids) {
        const url = e.path.replace(/:\w+/g, id);
        const sends =
          e.method === "GET"
            ? BAD_QUERIES.map((q) => ({ url: url + q, payload: undefined }))
            : BAD_BODIES.map((b) => ({ url, payload: JSON.stringify(b) }));
        for (const { url: target, payload } of sends) {
          const res = await t.app.inject({
            method: e.method,
            url: target,
            headers: {
              ...student.headers,
              ...(payload === undefined ? {} : { "content-type": "application/json" }),
            },
            payload,
          });
          const error = res.statusCode >= 400 ? errorOf(res.body) : "";
          const unreadable = res.statusCode >= 400 && (typeof error !== "string" || !error);
          if (res.statusCode === 500 || unreadable) {
            failures.push(
              `${res.statusCode} ${e.method} ${target} ${payload ?? ""}: ${res.body.slice(0, 120)}`,
            );
          }
        }
      }
      // An endpoint that may end the session (sign-out, deleting the account) did: the sweep goes on as a
      // new student, so the endpoints after it are still reached signed in.
      const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: student.headers });
      if (me.statusCode !== 200) student = await createUser(t.app);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
