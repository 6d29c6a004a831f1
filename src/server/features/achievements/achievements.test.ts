import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardReviews, shareLinks, studySessions, userAchievements } from "#server/db/schema/index.ts";
import {
  createCard,
  createDocument,
  createFlashcardSet,
  createStudySet,
  createTask,
  createUser,
  type TestUser,
} from "#tests/factories.ts";
import { createTestApp, type TestApp, travellingClock } from "#tests/test-app.ts";

const clock = travellingClock();
let t: TestApp;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  // A stand-in built client, so /share/:code's Open Graph tags can be read.
  const clientDir = mkdtempSync(path.join(tmpdir(), "progress-client-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "index.html"), "<html><head><title>Studyhall</title></head></html>");
  t = await createTestApp({ clock, clientDir });
  ada = await createUser(t.app, { firstName: "Ada" });
  bob = await createUser(t.app, { firstName: "Bob" });
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) =>
  t.app.inject({ method: "GET", url, headers: who?.headers ?? {} });
const post = (url: string, who: TestUser, payload: unknown) =>
  t.app.inject({ method: "POST", url, headers: who.headers, payload: payload as object });

async function catalogue(who: TestUser) {
  const res = await get("/api/achievements", who);
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{
    id: number;
    title: string | null;
    description: string | null;
    isHidden: boolean;
    earned: boolean;
    progress: number;
    criteria: { type: string; target: number } | null;
  }>;
}
const earnedTitles = async (who: TestUser) =>
  ((await get("/api/user-achievements", who)).json() as Array<{ achievement: { title: string } }>).map(
    (a) => a.achievement.title,
  );

async function completeTask(who: TestUser) {
  const task = await createTask(t.app, who, {});
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/tasks/${task.id}`,
    headers: who.headers,
    payload: { completed: true },
  });
  expect(res.statusCode).toBe(200);
}

describe("catalogue and progress", () => {
  it("lists at least 24 achievements of every criteria type, hidden ones without title", async () => {
    const list = await catalogue(ada);
    expect(list.length).toBeGreaterThanOrEqual(24);
    const hidden = list.filter((a) => a.isHidden);
    expect(hidden.length).toBeGreaterThan(0);
    for (const a of hidden) expect(a).toMatchObject({ title: null, description: null, criteria: null });
    const types = new Set(list.map((a) => a.criteria?.type).filter(Boolean));
    for (const type of ["study_time", "study_sessions", "streak", "tasks_completed", "flashcards_created"]) {
      expect(types).toContain(type);
    }
    expect(list.every((a) => a.progress === 0 && !a.earned)).toBe(true);
  });

  it("a forged check value earns nothing the recorded facts do not justify", async () => {
    const res = await post("/api/achievements/check", bob, { activityType: "study_time", value: 1_000_000 });
    expect(res.statusCode).toBe(201);
    expect(await earnedTitles(bob)).toEqual([]);
    const stats = (await get(`/api/study-stats/${bob.user.id}`, bob)).json();
    expect(stats).toMatchObject({ totalStudyTime: 0, totalPoints: 0, level: 1, totalTasksCompleted: 0 });
  });

  it("earns from real sessions and shows progress for the rest, capped at 100", async () => {
    const res = await post("/api/study/sessions", ada, { duration: 1800 });
    expect(res.statusCode).toBe(201);
    expect(await earnedTitles(ada)).toContain("First Steps");
    const list = await catalogue(ada);
    const firstHour = list.find((a) => a.title === "First Hour")!;
    expect(firstHour.progress).toBe(50);
    expect(list.find((a) => a.title === "Getting Into It")!.progress).toBe(10);
    expect(list.every((a) => a.progress <= 100)).toBe(true);
    const stats = (await get(`/api/study-stats/${ada.user.id}`, ada)).json();
    expect(stats).toMatchObject({
      totalStudyTime: 30,
      currentStudyStreak: 1,
      totalPoints: 10,
      level: 1,
      studyHabitData: { totalHours: 0.5, sessionsCount: 1 },
    });
  });

  it("counts completed tasks from the tasks table and earns 'Task Tackler' on completion", async () => {
    await createTask(t.app, ada, {});
    await completeTask(ada);
    expect(await earnedTitles(ada)).toContain("Task Tackler");
    const stats = (await get(`/api/study-stats/${ada.user.id}`, ada)).json();
    expect(stats.totalTasksCompleted).toBe(1);
    expect(stats.totalPoints).toBe(20);
  });

  it("concurrent checks award an achievement once", async () => {
    await t.database.db
      .insert(studySessions)
      .values(Array.from({ length: 9 }, () => ({ userId: ada.user.id, durationSeconds: 60 })));
    await Promise.all(
      Array.from({ length: 8 }, () => post("/api/achievements/check", ada, { activityType: "x" })),
    );
    const rows = await t.database.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, ada.user.id));
    const ids = rows.map((r) => r.achievementId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await earnedTitles(ada)).toContain("Getting Into It");
  });

  it("earns from study sets, documents, a perfect quiz and a review as they are recorded, with no check call", async () => {
    const cat = await createUser(t.app, { firstName: "Cat" });
    const ok = async (url: string, payload: object) => {
      const res = await post(url, cat, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const set = await createStudySet(t.app, { owner: cat, title: "Cells" });
    await createDocument(t.app, { set, content: "Mitochondria make ATP." });
    const fc = await createFlashcardSet(t.app, { studySet: set, title: "Organelles" });
    const card = await createCard(t.app, { set: fc, question: "Powerhouse?", answer: "Mitochondria" });
    await ok(`/api/study/flashcard-sets/${fc.id}/quiz-attempts`, {
      answers: [{ cardId: card.id, chosen: "Mitochondria" }],
    });
    expect(await earnedTitles(cat)).toEqual(
      expect.arrayContaining(["Organized Learner", "Paper Trail", "Perfect Score"]),
    );
    expect((await catalogue(cat)).find((a) => a.title === "Recall Rookie")!.progress).toBe(0);

    // A card review is a study day (the streak) and counts toward cards_reviewed.
    await ok(`/api/review/cards/${card.id}/rate`, { rating: 3 });
    expect((await catalogue(cat)).find((a) => a.title === "Recall Rookie")!.progress).toBe(2);
    const stats = (await get(`/api/study-stats/${cat.user.id}`, cat)).json();
    expect(stats).toMatchObject({ currentStudyStreak: 1, totalStudyTime: 0, totalPoints: 30 });
  });

  it("answers a rating before its achievement re-evaluation, and the award follows (issue 27)", async () => {
    const dee = await createUser(t.app, { firstName: "Dee" });
    const ok = async (url: string, payload: object) => {
      const res = await post(url, dee, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const set = await ok("/api/study/sets", { title: "Latin" });
    const fc = await ok(`/api/study/sets/${set.id}/flashcard-sets`, { title: "Verbs" });
    const card = await ok(`/api/study/flashcard-sets/${fc.id}/cards`, { question: "amo?", answer: "I love" });
    // 49 reviews already recorded: the next rating earns 'Recall Rookie' (50).
    const at = clock.now();
    await t.database.db.insert(cardReviews).values(
      Array.from({ length: 49 }, () => ({
        userId: dee.user.id,
        flashcardId: card.id,
        rating: 3,
        state: 2,
        elapsedDays: 1,
        scheduledDays: 1,
        reviewedAt: at,
      })),
    );
    // Whatever listens to card.reviewed is held until the rating has answered: a rating that waited
    // for its listeners would never answer.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.app.services.events.on("card.reviewed", ({ userId }) => (userId === dee.user.id ? held : undefined));
    const rated = await post(`/api/review/cards/${card.id}/rate`, dee, { rating: 3 });
    expect(rated.statusCode).toBe(200);
    release();
    // The earned list waits for the evaluation the rating started.
    expect(await earnedTitles(dee)).toContain("Recall Rookie");
    const rows = await t.database.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, dee.user.id));
    expect(rows).toHaveLength(new Set(rows.map((r) => r.achievementId)).size);
  });

  it("refuses another student's stats and needs a session", async () => {
    expect((await get(`/api/study-stats/${bob.user.id}`, ada)).statusCode).toBe(403);
    expect((await get(`/api/study-stats/abc`, ada)).statusCode).toBe(400);
    expect((await get("/api/achievements")).statusCode).toBe(401);
    expect((await get("/api/user-achievements")).statusCode).toBe(401);
  });

  it("stores a valid IANA time zone and refuses another", async () => {
    const put = (timeZone: unknown) =>
      t.app.inject({
        method: "PUT",
        url: "/api/settings/time-zone",
        headers: ada.headers,
        payload: { timeZone },
      });
    expect((await put("Not/AZone")).statusCode).toBe(400);
    const ok = await put("America/Los_Angeles");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ timeZone: "America/Los_Angeles" });
    const heat = (await get("/api/study-heatmap", ada)).json();
    expect(heat.timeZone).toBe("America/Los_Angeles");
    expect(heat.days.reduce((s: number, d: { minutes: number }) => s + d.minutes, 0)).toBe(39);
  });
});

describe("share links", () => {
  const all = { achievements: true, studyTime: true, streak: true, level: true };
  async function share(who: TestUser, shareSettings: object, expiresAt?: string) {
    const res = await post("/api/shareable-links", who, { shareSettings, expiresAt });
    expect(res.statusCode).toBe(201);
    return res.json() as { shareCode: string; expiresAt: string };
  }

  it("creates a 128+ bit code, clamps expiry to 7 days and reads publicly", async () => {
    const far = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const link = await share(ada, all, far);
    expect(Buffer.from(link.shareCode, "base64url").length).toBeGreaterThanOrEqual(16);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7.001);
    const res = await get(`/api/share/${link.shareCode}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.studyStats).toMatchObject({ firstName: "Ada", totalTasksCompleted: 1, level: 1 });
    expect(body.achievements.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain(ada.user.email);
    expect(JSON.stringify(body)).not.toContain(`"userId"`);
  });

  it("each toggle off means its fields are absent from the JSON", async () => {
    const cases: Array<[keyof typeof all, string[]]> = [
      ["studyTime", ["totalStudyTime", "studyHabitData"]],
      ["streak", ["currentStudyStreak", "longestStudyStreak"]],
      ["level", ["level", "totalPoints"]],
    ];
    for (const [toggle, fields] of cases) {
      const link = await share(ada, { ...all, [toggle]: false });
      const body = (await get(`/api/share/${link.shareCode}`)).json();
      for (const f of fields) expect(body.studyStats).not.toHaveProperty(f);
      expect(body.studyStats.totalTasksCompleted).toBe(1);
    }
    const noAch = await share(ada, { ...all, achievements: false });
    expect((await get(`/api/share/${noAch.shareCode}`)).json()).not.toHaveProperty("achievements");
  });

  it("answers 404 for unknown and revoked codes and 410 after expiry", async () => {
    expect((await get("/api/share/nope")).statusCode).toBe(404);
    const link = await share(ada, all);
    const [mine] = (await get("/api/shareable-links", ada)).json() as Array<{
      id: number;
      shareCode: string;
    }>;
    expect(mine!.shareCode).toBe(link.shareCode);
    // Another student cannot see or revoke it.
    expect((await get("/api/shareable-links", bob)).json()).toEqual([]);
    const other = await t.app.inject({
      method: "DELETE",
      url: `/api/shareable-links/${mine!.id}`,
      headers: bob.headers,
    });
    expect(other.statusCode).toBe(404);
    const revoke = await t.app.inject({
      method: "DELETE",
      url: `/api/shareable-links/${mine!.id}`,
      headers: ada.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await get(`/api/share/${link.shareCode}`)).statusCode).toBe(404);

    const soon = await share(ada, all);
    await t.database.db
      .update(shareLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(shareLinks.codeHash, createHash("sha256").update(soon.shareCode).digest("hex")));
    const expired = await get(`/api/share/${soon.shareCode}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe("This shared link has expired");
  });

  it("puts escaped Open Graph tags with only the shared stats into /share/:code", async () => {
    const eve = await createUser(t.app, { firstName: `Eve"><script>x</script>` });
    const link = await share(eve, { achievements: false, studyTime: false, streak: true, level: false });
    const res = await get(`/share/${link.shareCode}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<meta property="og:title" content="Eve&quot;&gt;&lt;script&gt;x&lt;/script&gt;&#39;s Study Stats Showcase" />',
    );
    expect(res.body).toContain("0-day study streak");
    expect(res.body).not.toContain("Level");
    expect(res.body).not.toContain("<script>");
    const unknown = await get("/share/unknown-code");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain("og:title");
  });

  it("inserts a first name with $ replacement patterns as it is (issue 27 fault 8)", async () => {
    const page = "<html><head><title>Studyhall</title></head></html>";
    const dollar = await createUser(t.app, { firstName: "A$`B$&C$'D$$" });
    const link = await share(dollar, all);
    const res = await get(`/share/${link.shareCode}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`content="A$\`B$&amp;C$&#39;D$$&#39;s Study Stats Showcase"`);
    // The page is the stand-in plus the three tags, nothing copied in.
    expect(res.body.match(/<head>/g)).toHaveLength(1);
    expect(res.body.startsWith(page.slice(0, page.indexOf("</head>")))).toBe(true);
    expect(res.body.endsWith("</head></html>")).toBe(true);
  });

  it("refuses bad input", async () => {
    const bad = async (payload: object) => (await post("/api/shareable-links", ada, payload)).statusCode;
    expect(await bad({})).toBe(400);
    expect(await bad({ shareSettings: { ...all, level: "yes" } })).toBe(400);
    expect(await bad({ shareSettings: all, expiresAt: "tomorrow" })).toBe(400);
    expect(await bad({ shareSettings: all, expiresAt: new Date(Date.now() - 1000).toISOString() })).toBe(400);
    expect(await bad({ userId: bob.user.id, shareSettings: all })).toBe(403);
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/shareable-links",
      payload: { shareSettings: all },
    });
    expect(anon.statusCode).toBe(401);
  });
});
