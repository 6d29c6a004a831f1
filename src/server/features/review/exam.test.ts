import { createEmptyCard, default_w, fsrs, Rating } from "ts-fsrs";
import { beforeAll, describe, expect, it } from "vitest";
import { reviewPreferences } from "#server/db/schema/review.ts";
import type { ReviewQueue } from "#shared/review/contract.ts";
import type { Exam, ExamCandidate, ExamPlanView } from "#shared/review/exam-contract.ts";
import { createFlashcardSet, createTask, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const req = t.req;

const setWithCards = (owner: TestUser, n: number) =>
  createFlashcardSet(t.app, { owner, title: "Cells", cards: n });

const DAY = 24 * 3600 * 1000;

describe("exam plan", () => {
  it("plans every card before an exam a week away, and puts them all in today for one tomorrow", async () => {
    const set = await setWithCards(ada, 8);
    const inAWeek = new Date(Date.now() + 7 * DAY).toISOString();
    const saved = await req(ada, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { examDate: inAWeek });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().exam).toMatchObject({
      flashcardSetId: set.id,
      examTitle: "Cells",
      examDate: inAWeek,
    });
    const plan = (
      await req(ada, "GET", `/api/review/flashcard-sets/${set.id}/plan?timeZone=UTC`)
    ).json() as ExamPlanView;
    // Only days with work are listed: today's 8 new cards, then their next reviews.
    expect(plan.days.length).toBeGreaterThanOrEqual(2);
    expect(plan.days.every((d) => d.count > 0)).toBe(true);
    expect(plan.days[0]!.count).toBe(8);
    expect(plan.belowTarget).toBe(0);

    const tomorrow = new Date(Date.now() + DAY).toISOString();
    await req(ada, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { examDate: tomorrow });
    const soon = (
      await req(ada, "GET", `/api/review/flashcard-sets/${set.id}/plan?timeZone=UTC`)
    ).json() as ExamPlanView;
    expect(soon.days[0]!.count).toBe(8);
    expect(soon.days.slice(1).every((d) => d.count === 0 || d.count <= 8)).toBe(true);

    const exams = (await req(ada, "GET", "/api/review/exams?timeZone=UTC")).json() as Exam[];
    expect(exams).toEqual([
      expect.objectContaining({ flashcardSetId: set.id, today: 8, examTitle: "Cells" }),
    ]);
  });

  it("plans with the student's fitted FSRS parameters, as their ratings are scheduled", async () => {
    // Fitted parameters whose first Good makes a card last 40 days where the defaults give it 2.3.
    const weights = [40, 40, 40, 40, ...default_w.slice(4)];
    const fitted = await createUser(t.app);
    const plain = await createUser(t.app);
    await t.database.db.insert(reviewPreferences).values({ userId: fitted.user.id, weights });
    const now = new Date();
    const exam = new Date(now.getTime() + 20 * DAY);
    // ts-fsrs itself, Good until the card leaves today's learning steps: where it stands for the exam.
    const afterToday = (w?: number[]) => {
      const f = fsrs({ request_retention: 0.9, enable_fuzz: false, ...(w ? { w } : {}) });
      let card = createEmptyCard(now);
      while (card.due.getTime() <= now.getTime() + 3600_000) card = f.next(card, card.due, Rating.Good).card;
      return { due: card.due, recall: f.get_retrievability(card, exam, false) };
    };
    const personal = afterToday(weights);
    const defaults = afterToday();
    expect(personal.due.getTime()).toBeGreaterThan(exam.getTime());
    expect(personal.recall).toBeGreaterThanOrEqual(0.9);
    expect(defaults.due.getTime()).toBeLessThan(exam.getTime());
    expect(defaults.recall).toBeLessThan(0.9);

    const planOf = async (who: TestUser) => {
      await req(who, "PUT", "/api/review/settings", { desiredRetention: 0.9, newCardsPerDay: 20 });
      const set = await setWithCards(who, 1);
      await req(who, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { examDate: exam.toISOString() });
      return (
        await req(who, "GET", `/api/review/flashcard-sets/${set.id}/plan?timeZone=UTC`)
      ).json() as ExamPlanView;
    };
    const [mine, theirs] = [await planOf(fitted), await planOf(plain)];
    // The fitted student's card is learnt today (and its last step tomorrow at the latest) and then
    // carries to the exam; with the defaults it comes back on later days.
    const lastDay = (plan: ExamPlanView) => plan.days.at(-1)!.date;
    const tomorrow = new Date(now.getTime() + DAY).toISOString().slice(0, 10);
    expect(lastDay(mine) <= tomorrow).toBe(true);
    expect(lastDay(theirs) > tomorrow).toBe(true);
    expect(theirs.days.length).toBeGreaterThan(mine.days.length);
    expect([mine.belowTarget, theirs.belowTarget]).toEqual([0, 0]);
  });

  it("ties a set to a task's due date and title, clears it, and refuses another student's task or set", async () => {
    const set = await setWithCards(ada, 2);
    const due = new Date(Date.now() + 3 * DAY).toISOString();
    const task = await createTask(t.app, ada, { title: "Midterm", dueDate: due });
    const saved = await req(ada, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { taskId: task.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().exam).toMatchObject({ examTitle: "Midterm", taskId: task.id });
    expect(new Date(saved.json().exam.examDate).getTime()).toBe(new Date(due).getTime());

    const bobTask = await createTask(t.app, bob, { title: "Bob's", dueDate: due });
    expect(
      (await req(ada, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { taskId: bobTask.id })).statusCode,
    ).toBe(404);
    expect(
      (await req(bob, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { examDate: due })).statusCode,
    ).toBe(404);
    expect((await req(bob, "GET", `/api/review/flashcard-sets/${set.id}/plan`)).statusCode).toBe(404);
    const both = await req(ada, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, {
      examDate: due,
      taskId: task.id,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe("Pick one exam: a date, a task or an event");
    expect(
      (await req(ada, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { examDate: "soon" })).statusCode,
    ).toBe(400);

    const cleared = await req(ada, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { examDate: null });
    expect(cleared.json()).toEqual({ exam: null });
    expect((await req(ada, "GET", `/api/review/flashcard-sets/${set.id}/plan`)).json()).toEqual({
      exam: null,
      days: [],
      belowTarget: 0,
      canPlan: true,
    });
  });

  it("pulls the cards today's plan asks for into the review queue, rated as ordinary FSRS reviews", async () => {
    const u = await createUser(t.app);
    await req(u, "PUT", "/api/review/settings", { desiredRetention: 0.9, newCardsPerDay: 0 });
    const set = await setWithCards(u, 3);
    const queue = async (q = "") =>
      (await req(u, "GET", `/api/review/queue?timeZone=UTC${q}`)).json() as ReviewQueue;
    expect(await queue()).toMatchObject({ dueCount: 0, plannedCount: 0, cards: [] });

    await req(u, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, {
      examDate: new Date(Date.now() + DAY).toISOString(),
    });
    // The daily limit holds nothing back for an exam tomorrow: the plan puts every card in today.
    for (const q of [await queue(), await queue(`&setId=${set.id}`)]) {
      expect(q).toMatchObject({ dueCount: 3, reviewCount: 0, plannedCount: 3, newCount: 0 });
      expect(q.cards.map((c) => [c.question, c.planned, c.isNew])).toEqual([
        ["Q0", true, true],
        ["Q1", true, true],
        ["Q2", true, true],
      ]);
    }
    const [a, b] = (await queue()).cards;
    // Easy carries a card well past tomorrow: the plan is done with it. Again leaves it learning (due in
    // a minute, so not FSRS-due now), and the plan keeps it in today.
    const easy = await req(u, "POST", `/api/review/cards/${a!.id}/rate`, { rating: 4 });
    expect(easy.json()).toMatchObject({ flashcardId: a!.id, state: 2 });
    const again = await req(u, "POST", `/api/review/cards/${b!.id}/rate`, { rating: 1 });
    expect(new Date(again.json().due).getTime()).toBeGreaterThan(Date.now());
    const after = await queue();
    expect(after).toMatchObject({ dueCount: 2, reviewCount: 0, plannedCount: 2 });
    expect(after.cards.map((c) => [c.id, c.isNew])).toEqual(
      expect.arrayContaining([
        [b!.id, false],
        [expect.any(Number), true],
      ]),
    );
    expect(after.cards.map((c) => c.id)).not.toContain(a!.id);
    // Another student's queue is untouched by this plan.
    expect((await req(bob, "GET", "/api/review/queue")).json().plannedCount).toBe(0);
  });

  it("offers the student's upcoming dated tasks and events, searchable, and ties a set to an event", async () => {
    const u = await createUser(t.app);
    const set = await setWithCards(u, 1);
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    const mid = await createTask(t.app, u, { title: "Midterm (Canvas quiz)", dueDate: at(3) });
    await createTask(t.app, u, { title: "Past midterm", dueDate: at(-3) });
    await createTask(t.app, u, { title: "Undated midterm" });
    const done = await createTask(t.app, u, { title: "Done midterm", dueDate: at(2) });
    await req(u, "PUT", `/api/tasks/${done.id}`, { completed: true });
    const event = (await req(u, "POST", "/api/events", { title: "Final exam", date: at(10) })).json();
    const bobEvent = (await req(bob, "POST", "/api/events", { title: "Bob's final", date: at(5) })).json();

    const all = (await req(u, "GET", "/api/review/exam-candidates")).json() as ExamCandidate[];
    expect(all.map((c) => [c.kind, c.id, c.title])).toEqual([
      ["task", mid.id, "Midterm (Canvas quiz)"],
      ["event", event.id, "Final exam"],
    ]);
    const found = (await req(u, "GET", "/api/review/exam-candidates?q=FINAL")).json() as ExamCandidate[];
    expect(found.map((c) => c.id)).toEqual([event.id]);
    // Typed without the accents it has, or with ones it has not.
    const spanish = (await req(u, "POST", "/api/events", { title: "Exámen parcial", date: at(4) })).json();
    for (const q of ["examen", "EXÁMEN PARC", "Éxamen"])
      expect(
        (
          (
            await req(u, "GET", `/api/review/exam-candidates?q=${encodeURIComponent(q)}`)
          ).json() as ExamCandidate[]
        ).map((c) => c.id),
        q,
      ).toEqual([spanish.id]);
    await req(u, "DELETE", `/api/events/${spanish.id}`);
    const bad = await req(u, "GET", `/api/review/exam-candidates?q=${"x".repeat(201)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Search at most 200 characters");

    const tied = await req(u, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { eventId: event.id });
    expect(tied.json().exam).toMatchObject({ examTitle: "Final exam", eventId: event.id, taskId: null });
    expect(
      (await req(u, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { eventId: bobEvent.id })).statusCode,
    ).toBe(404);
    expect(
      (await req(u, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, { eventId: 0 })).statusCode,
    ).toBe(400);
  });
});

describe("exam dates a course can have (issue 27 fault 1, issue 25 §3)", () => {
  const put = (who: TestUser, id: number, body: object) =>
    req(who, "PUT", `/api/review/flashcard-sets/${id}/exam`, body);

  it("refuses a date in the past with a 4xx and keeps the existing plan", async () => {
    const set = await setWithCards(ada, 3);
    const future = new Date(Date.now() + 5 * DAY).toISOString();
    expect((await put(ada, set.id, { examDate: future })).statusCode).toBe(200);
    const past = await put(ada, set.id, { examDate: new Date(Date.now() - DAY).toISOString() });
    expect(past.statusCode).toBe(422);
    expect(past.json().error).toMatch(/past/i);
    const plan = (
      await req(ada, "GET", `/api/review/flashcard-sets/${set.id}/plan?timeZone=UTC`)
    ).json() as ExamPlanView;
    expect(plan.exam?.examDate).toBe(future);
    expect(plan.days[0]!.count).toBe(3);
  });

  it("refuses a date more than two years ahead, and a task or event whose date is past or too far", async () => {
    const set = await setWithCards(ada, 1);
    for (const examDate of ["2200-01-01T00:00:00.000Z", new Date(Date.now() + 740 * DAY).toISOString()]) {
      const far = await put(ada, set.id, { examDate });
      expect(far.statusCode).toBe(422);
      expect(far.json().error).toMatch(/2 years/);
    }
    const old = await createTask(t.app, ada, {
      title: "Old",
      dueDate: new Date(Date.now() - DAY).toISOString(),
    });
    expect((await put(ada, set.id, { taskId: old.id })).statusCode).toBe(422);
    const far = await createTask(t.app, ada, { title: "Far", dueDate: "2150-01-01T00:00:00.000Z" });
    expect((await put(ada, set.id, { taskId: far.id })).statusCode).toBe(422);
    expect((await req(ada, "GET", `/api/review/flashcard-sets/${set.id}/plan`)).json().exam).toBeNull();
  });

  it("plans 5,000 cards for an exam almost 2 years away, listing only days with work, while other requests are answered", async () => {
    const set = await setWithCards(ada, 5000);
    const examDate = new Date(Date.now() + 720 * DAY).toISOString();
    const started = performance.now();
    expect((await put(ada, set.id, { examDate })).statusCode).toBe(200);
    // Saving computes only today's share: a few scheduler calls per card.
    const putMs = performance.now() - started;
    expect((await req(ada, "GET", "/api/review/queue?timeZone=UTC")).statusCode).toBe(200);
    // The full plan runs in slices: a health check sent while it is being built is answered long before it.
    let healthAt = 0;
    const planning = req(ada, "GET", `/api/review/flashcard-sets/${set.id}/plan?timeZone=UTC`).then((r) => ({
      r,
      at: performance.now(),
    }));
    const health = await new Promise<number>((resolve) =>
      setTimeout(async () => {
        const sent = performance.now();
        await t.app.inject({ url: "/api/health" });
        healthAt = performance.now();
        resolve(healthAt - sent);
      }, 20),
    );
    const { r, at } = await planning;
    const plan = r.json() as ExamPlanView;
    expect(plan.days.every((d) => d.count > 0)).toBe(true);
    expect(plan.days.reduce((n, d) => n + d.count, 0)).toBeGreaterThanOrEqual(5000);
    expect(healthAt).toBeLessThan(at);
    expect(health).toBeLessThan(2000);
    expect(putMs).toBeLessThan(10_000);
  }, 120_000);
});
