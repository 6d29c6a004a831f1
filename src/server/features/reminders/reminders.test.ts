// Reminders (issue 23) with a clock the test sets: the tick's "who is due" query and the per-student
// delivery, each rule (24 h, 1 h, completed, moved due date, quiet hours, daily review across a DST
// change), delivered to the project's fake push service (VAPID checked, payload decrypted); and once
// through the job queue itself (tick job -> delivery job -> push).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "#shared/notifications/contract.ts";
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from "#shared/settings/contract.ts";
import { createFlashcardSet, createTask, createUser, type TestUser } from "#tests/factories.ts";
import { FakePushService } from "#tests/fixtures/fake-push-service.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";
import { remindersTickJob } from "./reminders.jobs.ts";

const HOUR = 60 * 60 * 1000;
const MIN = 60 * 1000;

/** The app's time, set by each test. */
const clock = { at: new Date("2026-03-02T09:00:00Z"), now: () => new Date(clock.at) };
const setNow = (iso: string | Date) => {
  clock.at = new Date(iso);
};

let fake: FakePushService;
let t: TestApp;
beforeAll(async () => {
  fake = await new FakePushService().start();
  t = await createTestApp({ clock, push: { insecureHosts: [fake.host], timeoutMs: 2_000 } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const req = (who: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...who?.headers } });

const reminders = () => t.app.services.reminders;
const dueIds = async () => {
  const { remindersRepo } = await import("./reminders.repo.ts");
  return remindersRepo.dueStudents(t.app.db, clock.now(), 100_000);
};

/** A student in `timeZone` with these reminder settings and one subscribed device on the fake service. */
async function student(timeZone: string, settings: Partial<ReminderSettings> = {}) {
  const who = await createUser(t.app);
  expect((await req(who, "PUT", "/api/settings/time-zone", { timeZone })).statusCode).toBe(200);
  const res = await req(who, "PUT", "/api/settings/reminders", { ...DEFAULT_REMINDER_SETTINGS, ...settings });
  expect(res.statusCode, res.body).toBe(200);
  const { publicKey } = (await req(who, "GET", "/api/push/public-key")).json();
  const sub = fake.subscribe({ applicationServerKey: publicKey });
  expect((await req(who, "POST", "/api/push/subscriptions", sub)).statusCode).toBe(201);
  return { who, endpoint: sub.endpoint };
}

const bell = async (who: TestUser) =>
  ((await req(who, "GET", "/api/notifications")).json() as { notifications: Notification[] }).notifications;
const pushed = (endpoint: string) => fake.messagesFor(endpoint).map((m) => JSON.parse(m.payload));

describe("reminder settings", () => {
  it("has defaults, saves the whole object and refuses a bad time with 400", async () => {
    const ada = await createUser(t.app);
    expect((await req(ada, "GET", "/api/settings/reminders")).json()).toEqual(DEFAULT_REMINDER_SETTINGS);
    const bad = await req(ada, "PUT", "/api/settings/reminders", {
      ...DEFAULT_REMINDER_SETTINGS,
      reviewTime: "25:00",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/time/);
    const saved = { ...DEFAULT_REMINDER_SETTINGS, taskDue: false, reviewTime: "07:30" };
    expect((await req(ada, "PUT", "/api/settings/reminders", saved)).json()).toEqual(saved);
    expect((await req(ada, "GET", "/api/settings/reminders")).json()).toEqual(saved);
    // The general settings form (SPEC's whole object) leaves them alone.
    expect((await req(null, "GET", "/api/settings/reminders")).statusCode).toBe(401);
  });
});

describe("task reminders", () => {
  it("sends the 24 h and then the 1 h reminder once each, pushed to the device, and none once due", async () => {
    setNow("2026-03-02T09:00:00Z");
    const { who, endpoint } = await student("UTC", { quietHours: false, dailyReview: false });
    const task = await createTask(t.app, who, { title: "Essay draft", dueDate: "2026-03-03T15:00:00.000Z" });
    expect(await dueIds()).not.toContain(who.user.id);

    setNow(new Date(Date.parse("2026-03-03T15:00:00Z") - 24 * HOUR + MIN));
    expect(await dueIds()).toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 1 });
    expect(await dueIds()).not.toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 0 });

    const [n24] = await bell(who);
    expect(n24).toMatchObject({
      kind: "task_due",
      title: "Due tomorrow at 15:00: Essay draft",
      body: "Due within 24 hours.",
      url: `/tasks?task=${task.id}`,
      readAt: null,
    });
    // The payload the service worker shows: {title, body, url} (plus tag and id), VAPID-signed, encrypted.
    expect(pushed(endpoint)).toEqual([
      { id: n24!.id, title: n24!.title, body: n24!.body, url: n24!.url, tag: `task-${task.id}` },
    ]);

    setNow("2026-03-03T14:10:00Z");
    expect(await dueIds()).toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 1 });
    expect((await bell(who))[0]).toMatchObject({ title: "Due today at 15:00: Essay draft" });
    expect(fake.messagesFor(endpoint).at(-1)!.urgency).toBe("high");

    setNow("2026-03-03T15:01:00Z");
    expect(await dueIds()).not.toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 0 });
    expect(await bell(who)).toHaveLength(2);
  });

  it("never reminds of a completed task", async () => {
    setNow("2026-03-02T09:00:00Z");
    const { who, endpoint } = await student("UTC", { quietHours: false, dailyReview: false });
    const task = await createTask(t.app, who, { dueDate: "2026-03-02T20:00:00.000Z" });
    expect((await req(who, "PUT", `/api/tasks/${task.id}`, { completed: true })).statusCode).toBe(200);
    expect(await dueIds()).not.toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 0 });
    expect(pushed(endpoint)).toEqual([]);
  });

  it("re-arms when the due date moves, and sends nothing twice for one due date", async () => {
    setNow("2026-03-02T09:00:00Z");
    const { who } = await student("UTC", { quietHours: false, dailyReview: false });
    const task = await createTask(t.app, who, { dueDate: "2026-03-02T21:00:00.000Z" });
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 1 });
    const moved = await req(who, "PUT", `/api/tasks/${task.id}`, { dueDate: "2026-03-03T08:00:00.000Z" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await dueIds()).toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 1 });
    // Back to the first date: its 24 h reminder was sent already.
    await req(who, "PUT", `/api/tasks/${task.id}`, { dueDate: "2026-03-02T21:00:00.000Z" });
    expect(await dueIds()).not.toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 0 });
    expect((await bell(who)).map((n) => n.title)).toEqual([
      expect.stringContaining("tomorrow at 08:00"),
      expect.stringContaining("today at 21:00"),
    ]);
  });

  it("holds reminders during quiet hours and sends the one due when they end (in the student's zone)", async () => {
    // Paris is UTC+1 in March: quiet 22:00-07:00 local is 21:00-06:00Z.
    setNow("2026-03-02T22:00:00Z"); // 23:00 in Paris
    const { who, endpoint } = await student("Europe/Paris", { dailyReview: false });
    await createTask(t.app, who, { title: "Lab report", dueDate: "2026-03-03T07:00:00.000Z" }); // 08:00 local
    expect(await dueIds()).not.toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 0, skipped: "quiet" });
    setNow("2026-03-03T05:59:00Z"); // 06:59 local: still quiet, though the 1 h reminder is due
    expect(await dueIds()).not.toContain(who.user.id);
    setNow("2026-03-03T06:02:00Z"); // 07:02 local
    expect(await dueIds()).toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 1 });
    // Only the 1 h reminder: the 24 h one fell inside quiet hours and is superseded.
    expect(pushed(endpoint).map((p) => p.title)).toEqual(["Due today at 08:00: Lab report"]);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 0 });
  });

  it("clips a long title between characters, so an emoji at the cut does not lose the reminder", async () => {
    setNow("2026-03-02T09:00:00Z");
    const { who, endpoint } = await student("UTC", { quietHours: false, dailyReview: false });
    // "Due today at 20:00: " is 20 characters: the emoji's two UTF-16 halves sit at the 119th and 120th.
    const title = `${"x".repeat(98)}📚 and the rest of a long pasted assignment name`;
    await createTask(t.app, who, { title, dueDate: "2026-03-02T20:00:00.000Z" });
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 1 });
    const [note] = await bell(who);
    expect(note!.title).toBe(`Due today at 20:00: ${"x".repeat(98)}…`);
    expect(pushed(endpoint).map((p) => p.title)).toEqual([note!.title]);
  });

  it("sends nothing when notifications are off", async () => {
    setNow("2026-03-02T09:00:00Z");
    const { who } = await student("UTC", { quietHours: false });
    const settings = (await req(who, "GET", "/api/settings")).json();
    await req(who, "POST", "/api/settings", { ...settings, notificationsEnabled: false });
    await createTask(t.app, who, { dueDate: "2026-03-02T12:00:00.000Z" });
    expect(await dueIds()).not.toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 0, skipped: "disabled" });
  });
});

const setWithCards = (owner: TestUser, n: number) =>
  createFlashcardSet(t.app, { owner, title: "Cells", cards: n });

describe("daily review reminder", () => {
  it("comes at the chosen local time, across the end of summer time (Europe/Paris, 25 October 2026)", async () => {
    setNow("2026-10-23T12:00:00Z");
    const { who, endpoint } = await student("Europe/Paris", { reviewTime: "08:00", examPlan: false });
    await setWithCards(who, 12);
    // Saturday 24 October, CEST (UTC+2): 08:00 local is 06:00Z.
    setNow("2026-10-24T05:58:00Z");
    expect(await dueIds()).not.toContain(who.user.id);
    setNow("2026-10-24T06:01:00Z");
    expect(await dueIds()).toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 1 });
    expect(pushed(endpoint)).toEqual([
      expect.objectContaining({ title: "12 cards due", url: "/study/review" }),
    ]);
    // Sunday 25 October, CET (UTC+1) since 03:00: 08:00 local is 07:00Z, not 06:00Z.
    setNow("2026-10-25T06:01:00Z");
    expect(await dueIds()).not.toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 0 });
    setNow("2026-10-25T07:01:00Z");
    expect(await dueIds()).toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 1 });
    expect((await bell(who)).map((n) => n.kind)).toEqual(["review_due", "review_due"]);
    // Too late (a stopped worker): beyond the grace it waits for the next day.
    setNow("2026-10-26T11:00:00Z");
    expect(await dueIds()).not.toContain(who.user.id);
  });

  it("with no cards due is handled once and not picked again that day", async () => {
    setNow("2026-03-02T17:00:00Z");
    const { who, endpoint } = await student("UTC", { quietHours: false, examPlan: false });
    await setWithCards(who, 1);
    // The card rated: nothing is due today.
    const [card] = ((await req(who, "GET", "/api/review/queue")).json() as { cards: { id: number }[] }).cards;
    await req(who, "POST", `/api/review/cards/${card!.id}/rate`, { rating: 4 });
    setNow("2026-03-02T18:05:00Z");
    expect(await dueIds()).toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 0 });
    expect(await dueIds()).not.toContain(who.user.id);
    expect(pushed(endpoint)).toEqual([]);
  });
});

describe("exam plan reminder", () => {
  it("follows the set's exams table: one note per set, for its nearest exam, none once they are removed", async () => {
    setNow("2026-03-02T12:00:00Z");
    const { who, endpoint } = await student("UTC", { quietHours: false, dailyReview: false });
    const set = await setWithCards(who, 2);
    setNow("2026-03-02T18:05:00Z");
    expect(await dueIds()).not.toContain(who.user.id);
    const add = (examDate: string, title: string) =>
      req(who, "POST", `/api/review/flashcard-sets/${set.id}/exams`, { examDate, title });
    const final = (await add("2026-03-20T09:00:00Z", "Final")).json();
    const midterm = (await add("2026-03-04T09:00:00Z", "Midterm")).json();
    expect(await dueIds()).toContain(who.user.id);
    expect(await reminders().deliver(who.user.id)).toEqual({ notified: 1 });
    expect(pushed(endpoint)).toEqual([
      expect.objectContaining({ title: "Exam plan: 2 cards today", url: `/study/review?set=${set.id}` }),
    ]);
    expect(pushed(endpoint)[0].body).toMatch(/^Midterm \(Cells\)/);

    setNow("2026-03-03T18:05:00Z");
    for (const exam of [final, midterm])
      expect((await req(who, "DELETE", `/api/review/exams/${exam.id}`)).statusCode).toBe(200);
    expect(await dueIds()).not.toContain(who.user.id);
  });
});

describe("the tick", () => {
  it("reads the due students in batches by id and enqueues each once", async () => {
    setNow("2026-03-02T09:00:00Z");
    for (let i = 0; i < 5; i++) {
      const { who } = await student("UTC", { quietHours: false, dailyReview: false, examPlan: false });
      await createTask(t.app, who, {
        title: `Lab ${i}`,
        dueDate: new Date(clock.now().getTime() + 30 * MIN).toISOString(),
      });
    }
    const all = await dueIds();
    expect(all.length).toBeGreaterThanOrEqual(5);
    const { remindersRepo } = await import("./reminders.repo.ts");
    const paged: number[] = [];
    for (let after = 0; ; ) {
      const page = await remindersRepo.dueStudents(t.app.db, clock.now(), 2, after);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      paged.push(...page);
      after = page.at(-1)!;
    }
    expect(paged).toEqual(all);
    const { deliverRemindersJob } = await import("./reminders.jobs.ts");
    const waiting = async () =>
      (await t.app.jobs.jobs(deliverRemindersJob)).filter((j) => j.state === "created").length;
    const before = await waiting();
    const tick = await reminders().enqueueDue({ batch: 2 });
    expect(tick.due).toBe(all.length);
    expect(await waiting()).toBe(before + tick.enqueued);
    // A second tick while they wait enqueues nobody twice (one delivery per student at a time).
    expect((await reminders().enqueueDue({ batch: 2 })).enqueued).toBe(0);
  });
});

describe("a tick over many students", () => {
  it("reminds each of 300 students exactly once, in batches whose statements do not grow with the students", async () => {
    setNow("2026-03-05T09:00:00Z");
    const N = 300;
    const { sql } = await import("drizzle-orm");
    const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
    const tag = `${process.pid}${Date.now()}`;
    const ids = rows(
      await t.app.db.execute(sql`
        insert into users (email, username, password_hash, first_name, last_name, is_onboarded)
        select 'many' || ${tag} || '_' || i || '@school.edu', 'm' || ${tag} || '_' || i, 'x', 'Many', 'Student', true
        from generate_series(1, ${N}) i returning id`),
    )
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    const idList = `{${ids.join(",")}}`;
    // Every student: a task due in 40 minutes (the 1 h reminder) and the daily review at 09:00 in their
    // zone (UTC or Lisbon, the same time in March); every other one has 3 new cards, the rest none (a
    // review reminder with nothing to say: logged, not sent). Half of them have quiet hours set, outside now.
    await t.app.db.execute(sql`
      insert into user_settings (user_id, time_zone, review_time, quiet_hours, remind_exam_plan)
      select id, case when id % 2 = 0 then 'UTC' else 'Europe/Lisbon' end, '09:00', id % 2 = 0, id % 3 = 0
      from unnest(${idList}::int[]) id`);
    await t.app.db.execute(sql`
      insert into tasks (user_id, title, due_date)
      select id, 'Essay ' || id, ${clock.now().toISOString()}::timestamptz + interval '40 minutes'
      from unnest(${idList}::int[]) id`);
    const withCards = ids.filter((_, i) => i % 2 === 0);
    await t.app.db.execute(sql`
      insert into study_sets (user_id, title) select id, 'Biology' from unnest(${`{${withCards.join(",")}}`}::int[]) id`);
    await t.app.db.execute(sql`
      insert into flashcard_sets (user_id, study_set_id, title)
      select user_id, id, 'Cells' from study_sets where user_id = any(${idList}::int[])`);
    await t.app.db.execute(sql`
      insert into flashcards (user_id, flashcard_set_id, question, answer)
      select fs.user_id, fs.id, 'Q' || g, 'A' || g
      from flashcard_sets fs, generate_series(1, 3) g where fs.user_id = any(${idList}::int[])`);
    const { publicKey } = await t.app.services.notifications.publicKey();
    const endpointOf = new Map<number, string>();
    const subs = ids.map((id) => {
      const sub = fake.subscribe({ applicationServerKey: publicKey });
      endpointOf.set(id, sub.endpoint);
      return [id, sub.endpoint, sub.keys.p256dh, sub.keys.auth];
    });
    await t.app.db.execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, vapid_public_key)
      select (x->>0)::int, x->>1, x->>2, x->>3, ${publicKey}
      from jsonb_array_elements(${JSON.stringify(subs)}::jsonb) x`);

    const due = new Set(await dueIds());
    expect(ids.every((id) => due.has(id))).toBe(true);
    const { deliverRemindersJob, DELIVERY_BATCH } = await import("./reminders.jobs.ts");
    const tick = await reminders().enqueueDue();
    expect(tick.due).toBe(due.size);
    const waiting = (await t.app.jobs.jobs(deliverRemindersJob))
      .filter((j) => j.state === "created")
      .map((j) => (j.data as { userId: number }).userId)
      .filter((id) => ids.includes(id))
      .sort((a, b) => a - b);
    expect(waiting).toEqual(ids);

    // What a worker does with the jobs one fetch returns (this app runs no workers): the batch handler,
    // statements counted on the database client (every statement outside a transaction goes through it).
    const client = (t.app.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const query = client.query;
    let statements = 0;
    client.query = function (this: unknown, ...a: unknown[]) {
      statements++;
      return query.apply(this, a);
    };
    const perBatch: number[] = [];
    try {
      // A batch of 10, then full batches: the same number of statements.
      for (const batch of [ids.slice(0, 10), ...chunks(ids.slice(10), DELIVERY_BATCH)]) {
        const before = statements;
        await deliverRemindersJob.batch!.handler(
          batch.map((userId) => ({ userId })),
          { services: t.app.services, log: t.app.log, signal: new AbortController().signal } as never,
        );
        perBatch.push(statements - before);
      }
    } finally {
      client.query = query;
    }
    expect(perBatch.length).toBe(4);
    expect(new Set(perBatch).size, `statements per batch: ${perBatch}`).toBe(1);

    for (const [i, id] of ids.entries()) {
      const titles = pushed(endpointOf.get(id)!).map((p) => p.title);
      expect(titles, `student ${id}`).toEqual(
        i % 2 === 0
          ? [`Due today at 09:40: Essay ${id}`, "3 cards due"]
          : [`Due today at 09:40: Essay ${id}`],
      );
    }
    const stored = rows(
      await t.app.db.execute(
        sql`select user_id, count(*)::int as n from notifications where user_id = any(${idList}::int[]) group by user_id`,
      ),
    );
    expect(stored.reduce((sum, r) => sum + Number(r.n), 0)).toBe(N + withCards.length);

    // Delivered again (a retried batch), nothing is stored or sent twice, and the next tick finds nobody.
    const again = await reminders().deliverMany(ids);
    expect([...again.values()].every((r) => r.notified === 0)).toBe(true);
    expect(ids.reduce((sum, id) => sum + pushed(endpointOf.get(id)!).length, 0)).toBe(N + withCards.length);
    const after = new Set(await dueIds());
    expect(ids.filter((id) => after.has(id))).toEqual([]);
  }, 120_000);
});

const chunks = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

describe("through the job queue", () => {
  it("the tick job enqueues a delivery job that pushes the reminder and fills the bell", async () => {
    const jobClock = { now: () => new Date() };
    const j = await createTestApp({
      clock: jobClock,
      role: "all",
      jobTuning: { pollingIntervalSeconds: 0.5 },
      push: { insecureHosts: [fake.host], timeoutMs: 2_000 },
    });
    try {
      await j.app.jobs.workersStarted();
      const who = await createUser(j.app);
      await j.app.inject({
        method: "PUT",
        url: "/api/settings/reminders",
        headers: who.headers,
        payload: { ...DEFAULT_REMINDER_SETTINGS, quietHours: false, dailyReview: false },
      });
      const { publicKey } = (
        await j.app.inject({ url: "/api/push/public-key", headers: who.headers })
      ).json();
      const sub = fake.subscribe({ applicationServerKey: publicKey });
      await j.app.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        headers: who.headers,
        payload: sub,
      });
      // Due in 30 minutes, created straight in the table: no 'task.scheduled' event, only the tick finds it.
      const { tasks } = await import("../../db/schema/tasks.ts");
      const due = new Date(Date.now() + 30 * MIN);
      await j.app.db.insert(tasks).values({ userId: who.user.id, title: "Quiz", dueDate: due });
      // The student's zone is UTC: from 23:30 on, half an hour ahead is tomorrow.
      const day =
        due.toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10) ? "today" : "tomorrow";
      await j.app.jobs.enqueue(remindersTickJob, {});
      const before = fake.messagesFor(sub.endpoint).length;
      for (let i = 0; i < 300 && fake.messagesFor(sub.endpoint).length === before; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(JSON.parse(fake.messagesFor(sub.endpoint).at(-1)!.payload)).toMatchObject({
        title: `Due ${day} at ${due.toISOString().slice(11, 16)}: Quiz`,
        url: expect.stringMatching(/^\/tasks\?task=\d+$/),
      });
      const unread = await j.app.inject({ url: "/api/notifications/unread-count", headers: who.headers });
      expect(unread.json()).toEqual({ unread: 1 });
    } finally {
      await j.close();
    }
  }, 120_000);
});
