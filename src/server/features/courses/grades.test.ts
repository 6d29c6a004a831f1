import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canvasEndpoints } from "#shared/canvas/contract.ts";
import { toGradeInput } from "#shared/courses/grade-input.ts";
import { gradeEndpoints } from "#shared/courses/grades-contract.ts";
import { courseGrade, neededOnRemaining } from "#shared/courses/what-if.ts";
import { createCourse, createUser, type TestUser } from "#tests/factories.ts";
import { canvasTestApp, connectedUser } from "#tests/fixtures/canvas-test-kit.ts";
import { FakeCanvas } from "#tests/fixtures/fake-canvas.ts";
import type { TestApp } from "#tests/test-app.ts";
import { type CanvasDataset, canvasId, generateDataset } from "../../integrations/canvas/demo-data.ts";

const { grades, saveWhatIf, gpa, saveGpaEdit, saveTargetGpa, revertGpa } = gradeEndpoints;

/**
 * One weighted current course whose assignments cover every grade state Canvas sends a student: graded,
 * excused, pending review, graded but unposted, omitted from the final grade, ungraded; and a quiz group
 * that drops its lowest score.
 */
function gradebook(): CanvasDataset {
  const data = generateDataset({ active: 1, completed: 2, perCourse: 6 });
  const course = data.courses[0]!;
  const [ps, reading, quiz, lab, discussion, project] = data.assignments[course.id]!;
  const sub = (over: object) => ({
    workflow_state: "graded" as const,
    submitted_at: "2025-09-30T10:00:00Z",
    score: null,
    grade: null,
    posted_at: "2025-10-01T10:00:00Z",
    ...over,
  });
  ps!.submission = sub({ score: 20 });
  reading!.submission = sub({ excused: true });
  quiz!.submission = sub({ score: 10 });
  lab!.submission = sub({ workflow_state: "pending_review", score: 45 });
  discussion!.submission = sub({ posted_at: null });
  project!.submission = sub({
    workflow_state: "unsubmitted",
    submitted_at: null,
    posted_at: null,
    missing: true,
  });
  data.assignments[course.id]!.push(
    { ...quiz!, id: canvasId(7_000_001), name: "Quiz 2", submission: sub({ score: 18 }) },
    {
      ...ps!,
      id: canvasId(7_000_002),
      name: "Bonus survey",
      omit_from_final_grade: true,
      submission: sub({ score: 0 }),
    },
  );
  return data;
}

let fake: FakeCanvas;
let t: TestApp;
beforeAll(async () => {
  fake = await new FakeCanvas(gradebook()).start();
  t = await canvasTestApp(fake);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function student() {
  const u = await connectedUser(t, fake);
  const courses = await t.api(u).call(canvasEndpoints.courses);
  const active = courses.find((c) => c.enrollment_state === "active")!;
  const completed = courses.filter((c) => c.enrollment_state === "completed");
  return { u, active, completed };
}

const ids = () => {
  const list = fake.data.assignments[fake.data.courses[0]!.id]!;
  return Object.fromEntries(list.map((a) => [a.name, a.id]));
};

describe("GET /api/courses/:id/grades", () => {
  it("answers the synced groups, weights, drop rules and each assignment's state", async () => {
    const { u, active } = await student();
    const body = await t.api(u).call(grades, { params: { id: active.localId } });
    expect(body).toMatchObject({ courseId: active.localId, weighted: true, whatIf: {} });
    expect(body.groups.map((g) => [g.name, g.weight, g.dropLowest])).toEqual([
      ["Homework", 30, 0],
      ["Quizzes", 20, 1],
      ["Labs & Projects", 50, 0],
    ]);
    const states = Object.fromEntries(
      body.groups.flatMap((g) => g.assignments.map((a) => [a.name, a.state])),
    );
    expect(states).toEqual({
      "Problem Set 1: Foundations & Practice": "graded",
      "Reading Response 1": "excused",
      "Quiz 1": "graded",
      "Quiz 2": "graded",
      "Lab Report 1": "pending",
      "Discussion Post 1": "unposted",
      "Project Milestone 1": "ungraded",
      "Bonus survey": "omitted",
    });
    const project = body.groups[2]!.assignments.find((a) => a.name === "Project Milestone 1")!;
    expect(project).toMatchObject({ missing: true, score: null, pointsPossible: 40 });
    // Homework 20/25 = 80 (excused and unposted out), quizzes keep 18/20 = 90 (10/20 dropped), labs have
    // nothing graded yet: (80 * 30 + 90 * 20) / 50 = 84.
    const grade = courseGrade(toGradeInput(body));
    expect(grade.current.percent).toBe(84);
    expect(neededOnRemaining(toGradeInput(body), "B").status).toBe("reachable");
  });

  it("is a 404 for another student's course, a typed course, and a 400 for a bad id", async () => {
    const { active } = await student();
    const other = await createUser(t.app);
    expect((await t.api(other).send(grades, { params: { id: active.localId } })).statusCode).toBe(404);
    const typed = await createCourse(t.app, other, { name: "Pottery" });
    expect((await t.api(other).send(grades, { params: { id: typed.id } })).statusCode).toBe(404);
    const bad = await t.api(other).send(grades, { params: { id: "abc" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    expect((await t.api(null).send(grades, { params: { id: active.localId } })).statusCode).toBe(401);
  });

  it("keeps the What-If scores through a sync that writes fresh groups", async () => {
    const { u, active } = await student();
    const quiz = ids()["Quiz 1"]!;
    await t.api(u).call(saveWhatIf, { params: { id: active.localId }, body: { scores: { [quiz]: 19 } } });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/sync-canvas",
      headers: u.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const body = await t.api(u).call(grades, { params: { id: active.localId } });
    expect(body.whatIf).toEqual({ [quiz]: 19 });

    // Canvas drops the quiz: its score is no longer answered, so the page never sends it back.
    const saved = fake.findAssignment(quiz);
    fake.deleteAssignment(quiz);
    try {
      await t.app.inject({ method: "POST", url: "/api/sync-canvas", headers: u.headers, payload: {} });
      expect((await t.api(u).call(grades, { params: { id: active.localId } })).whatIf).toEqual({});
    } finally {
      fake.data.assignments[saved.course_id]!.push(saved);
    }
  });
});

describe("PUT /api/courses/:id/what-if", () => {
  it("replaces the student's What-If scores, and {} resets them", async () => {
    const { u, active } = await student();
    const { "Project Milestone 1": project, "Quiz 1": quiz } = ids();
    const params = { id: active.localId };
    const saved = await t
      .api(u)
      .call(saveWhatIf, { params, body: { scores: { [project!]: 36.5, [quiz!]: 20 } } });
    expect(saved.scores).toEqual({ [project!]: 36.5, [quiz!]: 20 });
    await t.api(u).call(saveWhatIf, { params, body: { scores: { [project!]: 30 } } });
    expect((await t.api(u).call(grades, { params })).whatIf).toEqual({ [project!]: 30 });
    await t.api(u).call(saveWhatIf, { params, body: { scores: {} } });
    expect((await t.api(u).call(grades, { params })).whatIf).toEqual({});
  });

  it("refuses bad scores, unknown assignments and another student's course", async () => {
    const { u, active } = await student();
    const project = ids()["Project Milestone 1"]!;
    const params = { id: active.localId };
    const bad = [
      { scores: { [project]: -1 } },
      { scores: { [project]: "ten" } },
      { scores: { [project]: 1e9 } },
      { scores: { "": 3 } },
      { scores: [] },
      {},
      { scores: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [String(i), 1])) },
    ];
    for (const body of bad) {
      const res = await t.api(u).send(saveWhatIf, { params, body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    const unknown = await t.api(u).send(saveWhatIf, { params, body: { scores: { "123": 5 } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/Not an assignment of this course/);

    const other = await createUser(t.app);
    const theirs = await t.api(other).send(saveWhatIf, { params, body: { scores: { [project]: 5 } } });
    expect(theirs.statusCode).toBe(404);
    expect((await t.api(u).call(grades, { params })).whatIf).toEqual({});
  });
});

describe("GPA edits and target", () => {
  it("keeps edits per student until Revert, which restores Canvas's values", async () => {
    const { u, completed } = await student();
    const [a, b] = completed;
    await t.api(u).call(saveGpaEdit, { params: { courseId: a!.localId }, body: { grade: "A-" } });
    await t.api(u).call(saveGpaEdit, { params: { courseId: a!.localId }, body: { credits: 4 } });
    await t
      .api(u)
      .call(saveGpaEdit, { params: { courseId: b!.localId }, body: { grade: null, removed: true } });
    const plan = await t.api(u).call(gpa);
    expect(plan.edits.sort((x, y) => x.courseId - y.courseId)).toEqual(
      [
        { courseId: a!.localId, grade: "A-", credits: 4, removed: false },
        { courseId: b!.localId, grade: null, removed: true },
      ].sort((x, y) => x.courseId - y.courseId),
    );
    // Another student sees none of it.
    const other = await createUser(t.app);
    expect(await t.api(other).call(gpa)).toEqual({ edits: [], targetGpa: null });

    await t.api(u).call(revertGpa);
    expect((await t.api(u).call(gpa)).edits).toEqual([]);
  });

  it("refuses bad edits and another student's course", async () => {
    const { u, completed } = await student();
    const params = { courseId: completed[0]!.localId };
    for (const body of [
      {},
      { grade: "Z" },
      { credits: 7 },
      { credits: 2.5 },
      { credits: "3" },
      { removed: "yes" },
    ]) {
      const res = await t.api(u).send(saveGpaEdit, { params, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    expect(
      (await t.api(u).send(saveGpaEdit, { params: { courseId: "x" }, body: { credits: 3 } })).statusCode,
    ).toBe(400);
    const other = await createUser(t.app);
    const theirs = await t.api(other).send(saveGpaEdit, { params, body: { credits: 3 } });
    expect(theirs.statusCode).toBe(404);
    const typed = await createCourse(t.app, u, { name: "Pottery" });
    const notCanvas = await t
      .api(u)
      .send(saveGpaEdit, { params: { courseId: typed.id }, body: { credits: 3 } });
    expect(notCanvas.statusCode).toBe(404);
    expect((await t.api(u).call(gpa)).edits).toEqual([]);
  });

  it("saves, changes and clears a target GPA in range", async () => {
    const u: TestUser = await createUser(t.app);
    expect(await t.api(u).call(saveTargetGpa, { body: { targetGpa: 3.5 } })).toEqual({ targetGpa: 3.5 });
    await t.api(u).call(saveTargetGpa, { body: { targetGpa: 3.25 } });
    expect((await t.api(u).call(gpa)).targetGpa).toBe(3.25);
    for (const targetGpa of [4.5, -1, "3"]) {
      expect((await t.api(u).send(saveTargetGpa, { body: { targetGpa } })).statusCode).toBe(400);
    }
    await t.api(u).call(saveTargetGpa, { body: { targetGpa: null } });
    expect((await t.api(u).call(gpa)).targetGpa).toBeNull();
  });
});
