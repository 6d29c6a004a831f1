// Several exams per flashcard set (issue 25 §3, decision 017): list, add, edit and delete a set's exams,
// the plan aimed at the nearest upcoming one, the one-exam PUT kept as 'set the next exam', and every
// refusal leaving the exams and the plan as they were.
import { beforeAll, describe, expect, it } from "vitest";
import { EXAMS_PER_SET_MAX, type Exam, type ExamPlanView } from "#shared/review/exam-contract.ts";
import { createFlashcardSet, createTask, createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();
const req = t.req;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const setWithCards = (owner: TestUser, n: number, title = "Cells") =>
  createFlashcardSet(t.app, { owner, title, cards: n });

const list = async (who: TestUser, setId: number) =>
  (await req(who, "GET", `/api/review/flashcard-sets/${setId}/exams?timeZone=UTC`)).json() as Exam[];
const plan = async (who: TestUser, setId: number) =>
  (await req(who, "GET", `/api/review/flashcard-sets/${setId}/plan?timeZone=UTC`)).json() as ExamPlanView;
const add = (who: TestUser, setId: number, body: object) =>
  req(who, "POST", `/api/review/flashcard-sets/${setId}/exams`, body);

describe("several exams per set", () => {
  it("adds a midterm and a final, lists both, plans for the nearest and moves on when it is removed", async () => {
    const set = await setWithCards(ada, 4);
    const final = await add(ada, set.id, { examDate: inDays(30), title: "Final" });
    expect(final.statusCode, final.body).toBe(201);
    const midDate = inDays(3);
    const midterm = await add(ada, set.id, { examDate: midDate, title: "  Midterm  " });
    expect(midterm.statusCode).toBe(201);
    expect(midterm.json()).toMatchObject({
      flashcardSetId: set.id,
      setTitle: "Cells",
      title: "Midterm",
      examTitle: "Midterm",
      examDate: midDate,
      planned: true,
      today: 4,
    });

    const both = await list(ada, set.id);
    expect(both.map((e) => [e.examTitle, e.planned, e.today])).toEqual([
      ["Midterm", true, 4],
      ["Final", false, 0],
    ]);
    const across = (await req(ada, "GET", "/api/review/exams?timeZone=UTC")).json() as Exam[];
    expect(across.filter((e) => e.flashcardSetId === set.id).map((e) => e.examTitle)).toEqual([
      "Midterm",
      "Final",
    ]);
    expect((await plan(ada, set.id)).exam).toMatchObject({ id: midterm.json().id, title: "Midterm" });

    expect((await req(ada, "DELETE", `/api/review/exams/${midterm.json().id}`)).json()).toEqual({ ok: true });
    expect((await plan(ada, set.id)).exam).toMatchObject({
      id: final.json().id,
      examTitle: "Final",
      today: 4,
    });
    expect((await list(ada, set.id)).map((e) => e.id)).toEqual([final.json().id]);
  });

  it("edits an exam's title and date; a blank title falls back to the task's or set's", async () => {
    const set = await setWithCards(ada, 1, "Verbs");
    const exam = (await add(ada, set.id, { examDate: inDays(10) })).json() as Exam;
    expect(exam).toMatchObject({ title: null, examTitle: "Verbs" });
    const renamed = await req(ada, "PATCH", `/api/review/exams/${exam.id}`, { title: "Oral" });
    expect(renamed.json()).toMatchObject({ title: "Oral", examTitle: "Oral", examDate: exam.examDate });
    const moved = await req(ada, "PATCH", `/api/review/exams/${exam.id}`, { examDate: inDays(12) });
    expect(moved.statusCode).toBe(200);
    expect(new Date(moved.json().examDate).getTime()).toBeGreaterThan(new Date(exam.examDate).getTime());
    expect(moved.json().title).toBe("Oral");
    const task = await createTask(t.app, ada, { title: "Spanish quiz", dueDate: inDays(5) });
    const tied = await req(ada, "PATCH", `/api/review/exams/${exam.id}`, { taskId: task.id, title: "" });
    expect(tied.json()).toMatchObject({ taskId: task.id, title: null, examTitle: "Spanish quiz" });
  });

  it("refuses a past date with a 4xx and keeps the existing exams and plan, on add and on edit", async () => {
    const set = await setWithCards(ada, 3);
    const exam = (await add(ada, set.id, { examDate: inDays(5) })).json() as Exam;
    const before = await plan(ada, set.id);
    const pastAdd = await add(ada, set.id, { examDate: inDays(-1) });
    expect(pastAdd.statusCode).toBe(422);
    expect(pastAdd.json().error).toMatch(/in the past/);
    const pastEdit = await req(ada, "PATCH", `/api/review/exams/${exam.id}`, { examDate: inDays(-2) });
    expect(pastEdit.statusCode).toBe(422);
    expect(pastEdit.json().error).toMatch(/in the past/);
    expect((await list(ada, set.id)).map((e) => e.examDate)).toEqual([exam.examDate]);
    expect(await plan(ada, set.id)).toEqual(before);
    expect(before.days[0]!.count).toBe(3);
  });

  it("refuses a date more than two years ahead, and a task whose date is", async () => {
    const set = await setWithCards(ada, 1);
    for (const examDate of ["2200-01-01T00:00:00.000Z", inDays(740)]) {
      const far = await add(ada, set.id, { examDate });
      expect(far.statusCode).toBe(422);
      expect(far.json().error).toMatch(/2 years/);
    }
    const farTask = await createTask(t.app, ada, { title: "Far", dueDate: "2150-01-01T00:00:00.000Z" });
    expect((await add(ada, set.id, { taskId: farTask.id })).statusCode).toBe(422);
    const exam = (await add(ada, set.id, { examDate: inDays(700) })).json() as Exam;
    const tooFar = await req(ada, "PATCH", `/api/review/exams/${exam.id}`, { examDate: inDays(800) });
    expect(tooFar.statusCode).toBe(422);
    expect((await list(ada, set.id)).map((e) => e.examDate)).toEqual([exam.examDate]);
  });

  it("refuses a second exam on the same date, task or event of a set with 409, and allows it on another set", async () => {
    const set = await setWithCards(ada, 1);
    const other = await setWithCards(ada, 1);
    const date = inDays(8);
    expect((await add(ada, set.id, { examDate: date })).statusCode).toBe(201);
    const again = await add(ada, set.id, { examDate: date, title: "Same day" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already has that exam/);
    expect((await add(ada, other.id, { examDate: date })).statusCode).toBe(201);

    const task = await createTask(t.app, ada, { title: "Lab exam", dueDate: inDays(9) });
    expect((await add(ada, set.id, { taskId: task.id })).statusCode).toBe(201);
    expect((await add(ada, set.id, { taskId: task.id })).statusCode).toBe(409);
    const event = (await req(ada, "POST", "/api/events", { title: "Oral", date: inDays(11) })).json();
    const withEvent = (await add(ada, set.id, { eventId: event.id })).json() as Exam;
    expect((await add(ada, set.id, { eventId: event.id })).statusCode).toBe(409);
    // Moving an exam onto another's date is the same duplicate.
    const moved = await req(ada, "PATCH", `/api/review/exams/${withEvent.id}`, { taskId: task.id });
    expect(moved.statusCode).toBe(409);
    expect((await list(ada, set.id)).length).toBe(3);
  });

  it("answers 404 for another student's set or exam, and 400 for bad bodies", async () => {
    const set = await setWithCards(ada, 1);
    const exam = (await add(ada, set.id, { examDate: inDays(4) })).json() as Exam;
    expect((await req(bob, "GET", `/api/review/flashcard-sets/${set.id}/exams`)).statusCode).toBe(404);
    expect((await add(bob, set.id, { examDate: inDays(6) })).statusCode).toBe(404);
    expect((await req(bob, "PATCH", `/api/review/exams/${exam.id}`, { title: "Mine" })).statusCode).toBe(404);
    expect((await req(bob, "DELETE", `/api/review/exams/${exam.id}`)).statusCode).toBe(404);
    const bobTask = await createTask(t.app, bob, { title: "Bob's", dueDate: inDays(6) });
    expect((await add(ada, set.id, { taskId: bobTask.id })).statusCode).toBe(404);
    expect((await req(ada, "DELETE", "/api/review/exams/2147483647")).statusCode).toBe(404);
    expect((await req(bob, "GET", "/api/review/exams")).json()).toEqual([]);

    const bad: [object, RegExp][] = [
      [{}, /Pick one exam/],
      [{ title: "No date" }, /Pick one exam/],
      [{ examDate: inDays(5), taskId: 1 }, /Pick one exam/],
      [{ examDate: "soon" }, /ISO 8601/],
      [{ examDate: inDays(5), title: "x".repeat(201) }, /at most 200/],
      [{ examDate: inDays(5), title: "a\u0000b" }, /./],
    ];
    for (const [body, message] of bad) {
      const res = await add(ada, set.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect((await req(ada, "PATCH", `/api/review/exams/${exam.id}`, {})).statusCode).toBe(400);
    expect((await req(ada, "PATCH", "/api/review/exams/abc", { title: "x" })).statusCode).toBe(400);
    expect((await list(ada, set.id)).map((e) => e.id)).toEqual([exam.id]);
  });

  it(`holds at most ${EXAMS_PER_SET_MAX} exams per set`, async () => {
    const set = await setWithCards(ada, 0);
    for (let i = 0; i < EXAMS_PER_SET_MAX; i++)
      expect((await add(ada, set.id, { examDate: inDays(i + 1) })).statusCode).toBe(201);
    const over = await add(ada, set.id, { examDate: inDays(100) });
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatch(/at most/);
  });

  it("keeps PUT .../exam as 'set the next exam': it changes the nearest upcoming one, null removes it", async () => {
    const set = await setWithCards(ada, 2);
    const put = (body: object) => req(ada, "PUT", `/api/review/flashcard-sets/${set.id}/exam`, body);
    const first = (await put({ examDate: inDays(6) })).json().exam as Exam;
    expect(first).toMatchObject({ planned: true, today: 2 });
    const later = (await add(ada, set.id, { examDate: inDays(20), title: "Final" })).json() as Exam;
    const changed = (await put({ examDate: inDays(4) })).json().exam as Exam;
    expect(changed.id).toBe(first.id);
    expect((await list(ada, set.id)).map((e) => e.id)).toEqual([first.id, later.id]);
    // A past date through the old URL is refused too, and nothing changes.
    expect((await put({ examDate: inDays(-1) })).statusCode).toBe(422);
    expect((await list(ada, set.id))[0]!.examDate).toBe(changed.examDate);
    expect((await put({ examDate: null })).json().exam).toMatchObject({ id: later.id, examTitle: "Final" });
    expect((await put({ examDate: null })).json()).toEqual({ exam: null });
    expect(await list(ada, set.id)).toEqual([]);
  });

  it("pulls only the nearest exam's cards into today's queue, once per set", async () => {
    const u = await createUser(t.app);
    await req(u, "PUT", "/api/review/settings", { desiredRetention: 0.9, newCardsPerDay: 0 });
    const set = await setWithCards(u, 3);
    await add(u, set.id, { examDate: inDays(1) });
    await add(u, set.id, { examDate: inDays(2) });
    const queue = (await req(u, "GET", "/api/review/queue?timeZone=UTC")).json();
    expect(queue).toMatchObject({ dueCount: 3, plannedCount: 3 });
    expect(new Set(queue.cards.map((c: { id: number }) => c.id)).size).toBe(3);
  });
});
