// Issue 27 "Accounts students control": change password, signed-in devices, download all my data, delete
// my account. Runs on PGlite and PostgreSQL (TEST_DB).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countOwnedRows } from "#server/features/auth/account-data.ts";
import { EXPORTS_PER_WINDOW } from "#server/features/auth/auth.routes.ts";
import {
  createCard,
  createCourse,
  createDocument,
  createFlashcardSet,
  createShareLink,
  createStudySet,
  createTask,
  createUser,
  type TestUser,
} from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

// A calendar subscription needs a feed to read: one event, served here, its host allowed before the app starts.
const feedHosts: string[] = [];
let feedServer: http.Server;
let feedUrl: string;
beforeAll(async () => {
  feedServer = http.createServer((_req, res) => {
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, "");
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(
      `BEGIN:VCALENDAR
VERSION:2.0
BEGIN:VEVENT
UID:t1
SUMMARY:Timetable lecture
DTSTART:${day}T100000Z
END:VEVENT
END:VCALENDAR
`,
    );
  });
  await new Promise<void>((r) => feedServer.listen(0, "127.0.0.1", r));
  const host = `127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  feedHosts.push(host);
  feedUrl = `http://${host}/timetable.ics`;
});
afterAll(() => new Promise((r) => feedServer.close(r)));
const t = testAppPerFile({ calendarFeedInsecureHosts: feedHosts });

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const req = t.req;
async function ok(who: TestUser, method: Method, url: string, payload?: object) {
  const res = await req(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
async function signIn(who: TestUser, userAgent: string, password = who.input.password) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "user-agent": userAgent },
    payload: { email: who.input.email, password },
  });
  expect(res.statusCode).toBe(200);
  return { headers: { authorization: `Bearer ${res.json().token}` } };
}

/** Rows of every table in the public schema. */
async function tableCounts(): Promise<Record<string, number>> {
  const result = (await t.database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows?: { name: string }[] } | { name: string }[];
  const tables = Array.isArray(result) ? result : (result.rows ?? []);
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const r = (await t.database.db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as
      | { rows?: { n: number }[] }
      | { n: number }[];
    out[name] = (Array.isArray(r) ? r : (r.rows ?? []))[0]!.n;
  }
  return out;
}

/** A student with something in every corner: tasks, a course, events, a study set with a document and cards. */
async function busyStudent() {
  const who = await createUser(t.app);
  const course = await createCourse(t.app, who, { name: "Biology" });
  const essay = await createTask(t.app, who, { title: "Essay", courseId: course.id });
  await ok(who, "POST", `/api/tasks/${essay.id}/subtasks`, { title: "Outline" });
  await ok(who, "POST", "/api/events", { title: "Exam", date: "2026-06-01T10:00:00Z" });
  const set = await createStudySet(t.app, { owner: who, title: "Cells" });
  await createDocument(t.app, { set, content: "Mitochondria make ATP." });
  const fc = await createFlashcardSet(t.app, { studySet: set, title: "Organelles" });
  await createCard(t.app, { set: fc, question: "Powerhouse?", answer: "Mitochondria" });
  await ok(who, "POST", "/api/calendar-feed");
  await ok(who, "POST", "/api/calendar-subscriptions", { name: "Timetable", url: feedUrl });
  await createShareLink(t.app, { owner: who });
  return { who, set };
}

describe("change password", () => {
  it("needs the current password, then signs out every other session and keeps this one", async () => {
    const ada = await createUser(t.app);
    const laptop = await signIn(ada, "Laptop browser");
    const wrong = await req(ada, "POST", "/api/auth/password", {
      currentPassword: "not it at all",
      newPassword: "a brand new one",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("invalid_credentials");
    expect((await req(laptop, "GET", "/api/auth/user")).statusCode).toBe(200);

    expect(
      (
        await req(ada, "POST", "/api/auth/password", {
          currentPassword: ada.input.password,
          newPassword: "short",
        })
      ).statusCode,
    ).toBe(400);
    await ok(ada, "POST", "/api/auth/password", {
      currentPassword: ada.input.password,
      newPassword: "a brand new one",
    });
    expect((await req(ada, "GET", "/api/auth/user")).statusCode).toBe(200);
    const gone = await req(laptop, "GET", "/api/auth/user");
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe("session_expired");
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: ada.input.email, password: ada.input.password },
    });
    expect(old.statusCode).toBe(401);
    await signIn(ada, "Phone", "a brand new one");
  });
});

describe("signed-in devices", () => {
  it("lists sessions with their browser, signs out one, or all others; never another student's", async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const phone = await signIn(ada, "Mozilla/5.0 (iPhone) Safari");
    const tablet = await signIn(ada, "Mozilla/5.0 (iPad) Safari");
    const list = (await ok(ada, "GET", "/api/auth/sessions")) as Array<{
      id: number;
      userAgent: string;
      current: boolean;
      createdAt: string;
      lastSeenAt: string;
    }>;
    expect(list).toHaveLength(3);
    expect(list[0]!.current).toBe(true);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.userAgent)).toEqual(
      expect.arrayContaining(["Mozilla/5.0 (iPhone) Safari", "Mozilla/5.0 (iPad) Safari"]),
    );
    const phoneId = list.find((s) => s.userAgent.includes("iPhone"))!.id;
    // Bob cannot sign Ada's phone out.
    expect((await req(bob, "DELETE", `/api/auth/sessions/${phoneId}`)).statusCode).toBe(404);
    expect((await req(phone, "GET", "/api/auth/user")).statusCode).toBe(200);
    await ok(ada, "DELETE", `/api/auth/sessions/${phoneId}`);
    expect((await req(phone, "GET", "/api/auth/user")).statusCode).toBe(401);
    expect((await req(tablet, "GET", "/api/auth/user")).statusCode).toBe(200);
    await ok(ada, "DELETE", "/api/auth/sessions");
    expect((await req(tablet, "GET", "/api/auth/user")).statusCode).toBe(401);
    expect(await ok(ada, "GET", "/api/auth/sessions")).toHaveLength(1);
    expect((await req(bob, "GET", "/api/auth/user")).statusCode).toBe(200);
    expect((await req(ada, "DELETE", "/api/auth/sessions/abc")).statusCode).toBe(400);
  });
});

describe("download all my data", () => {
  it("is a ZIP with a manifest, JSON of every record the student owns and the documents' text, no secrets", async () => {
    const { who } = await busyStudent();
    const other = await busyStudent();
    const res = await req(who, "GET", "/api/auth/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="studyhall-data-\d{4}-\d\d-\d\d\.zip"/,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const manifest = JSON.parse(strFromU8(files["manifest.json"]!));
    expect(manifest).toMatchObject({ format: "studyhall-account-export", version: 1, userId: who.user.id });
    const json = (name: string) =>
      JSON.parse(strFromU8(files[`data/${name}.json`]!)) as Array<Record<string, unknown>>;
    expect(json("users")).toEqual([expect.objectContaining({ id: who.user.id, email: who.input.email })]);
    expect(json("tasks").map((r) => r.title)).toEqual(["Essay"]);
    expect(json("task_subtasks").map((r) => r.title)).toEqual(["Outline"]);
    expect(json("courses").map((r) => r.name)).toEqual(["Biology"]);
    expect(json("flashcards").map((r) => r.question)).toEqual(["Powerhouse?"]);
    expect(json("sessions")).toHaveLength(1);
    expect(json("calendar_subscriptions").map((r) => r.name)).toEqual(["Timetable"]);
    expect(json("calendar_subscription_events").map((r) => r.title)).toEqual(["Timetable lecture"]);
    // Every count matches what the database holds for the student.
    const owned = await countOwnedRows(t.database.db, who.user.id);
    for (const [table, n] of Object.entries(owned)) expect(manifest.tables[table], table).toBe(n);
    // The document's text is a file, named from its record.
    const [doc] = json("study_documents");
    expect(strFromU8(files[doc!.content_file as string]!)).toBe("Mitochondria make ATP.");
    // Nothing of the other student, and no secret.
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    expect(everything).not.toContain(other.who.input.email);
    expect(everything).not.toContain(who.token);
    expect(everything).not.toMatch(/password_hash|token_hash|code_hash|\$argon2/);
    expect((await req(null, "GET", "/api/auth/export")).statusCode).toBe(401);
  });

  it("is built at most EXPORTS_PER_WINDOW times in a window per student: a loop of downloads gets a 429", async () => {
    const who = await createUser(t.app);
    const other = await createUser(t.app);
    for (let i = 0; i < EXPORTS_PER_WINDOW; i++) {
      expect((await req(who, "GET", "/api/auth/export")).statusCode).toBe(200);
    }
    const refused = await req(who, "GET", "/api/auth/export");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: "rate_limited",
      error: "You downloaded your data several times just now. Please try again in a few minutes.",
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another student is counted apart.
    expect((await req(other, "GET", "/api/auth/export")).statusCode).toBe(200);
  });
});

describe("delete my account", () => {
  it("needs the password, then removes every row of the student in one go and nothing of anyone else", async () => {
    // Someone else, with a group the student will join: their rows are the baseline.
    const cat = await createUser(t.app);
    await ok(cat, "POST", "/api/tasks", { title: "Cat's task" });
    const group = await ok(cat, "POST", "/api/study-groups", {
      name: "Crew",
      description: "",
      isPrivate: false,
    });
    const before = await tableCounts();
    const catAchievements = async () => {
      const r = (await t.database.db.execute(
        sql`select count(*)::int as n from user_achievements where user_id = ${cat.user.id}`,
      )) as unknown as { rows?: { n: number }[] } | { n: number }[];
      return (Array.isArray(r) ? r : (r.rows ?? []))[0]!.n;
    };
    const catEarnedBefore = await catAchievements();

    const { who, set } = await busyStudent();
    await ok(who, "POST", "/api/friends/request", { username: cat.user.username });
    await ok(cat, "POST", "/api/friends/request", { username: who.user.username });
    await ok(cat, "POST", `/api/study-groups/${group.id}/members`, { username: who.user.username });
    await ok(who, "POST", `/api/study-groups/${group.id}/sets`, { studySetId: set.id });
    await signIn(who, "Second device");
    const during = await tableCounts();
    expect(Object.keys(during).filter((k) => during[k] !== before[k]).length).toBeGreaterThan(8);

    const wrong = await req(who, "POST", "/api/auth/delete-account", { password: "not my password" });
    expect(wrong.statusCode).toBe(400);
    expect(await tableCounts()).toEqual(during);

    await ok(who, "POST", "/api/auth/delete-account", { password: who.input.password });
    // Exactly the baseline, but for what Cat earned herself meanwhile (a first friend is hers to keep).
    const catEarned = (await catAchievements()) - catEarnedBefore;
    expect(await tableCounts()).toEqual({
      ...before,
      user_achievements: before.user_achievements! + catEarned,
    });
    expect(Object.values(await countOwnedRows(t.database.db, who.user.id)).every((n) => n === 0)).toBe(true);
    expect((await req(who, "GET", "/api/auth/user")).statusCode).toBe(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: who.input.email, password: who.input.password },
    });
    expect(login.statusCode).toBe(401);
    // Cat's group is still there, without the student or their set.
    const detail = await ok(cat, "GET", `/api/study-groups/${group.id}`);
    expect(detail.memberCount).toBe(1);
    expect(detail.sets).toEqual([]);
  });
});
