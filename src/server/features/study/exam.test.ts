import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlashcardSet } from "#shared/flashcards.ts";
import type { Exam, ExamPlanView } from "#shared/review-api.ts";
import { createTask, createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

const req = (who: TestUser | null, method: "GET" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who?.headers });

async function setWithCards(owner: TestUser, n: number) {
  const s = await t.app.inject({
    method: "POST",
    url: "/api/study/sets",
    headers: owner.headers,
    payload: { title: "Bio", description: "", color: "#3B82F6" },
  });
  const set = (
    await t.app.inject({
      method: "POST",
      url: `/api/study/sets/${s.json().id}/flashcard-sets`,
      headers: owner.headers,
      payload: { title: "Cells" },
    })
  ).json() as FlashcardSet;
  await t.app.inject({
    method: "POST",
    url: `/api/study/flashcard-sets/${set.id}/import`,
    headers: owner.headers,
    payload: {
      text: Array.from({ length: n }, (_, i) => `Q${i}\tA${i}`).join("\n"),
      options: { format: "text", termSeparator: "tab", rowSeparator: "newline" },
    },
  });
  return set;
}

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
    expect(plan.days.length).toBeGreaterThanOrEqual(7);
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
    });
  });
});
