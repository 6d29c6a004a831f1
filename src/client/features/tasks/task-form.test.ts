import { afterAll, describe, expect, it } from "vitest";
import { createTaskSchema } from "#shared/tasks/contract.ts";
import { buildTask } from "#tests/factories.ts";
import { emptyTaskForm, taskFormSchema, taskFormToInput, taskFormToUpdate, taskToForm } from "./task-form.ts";

const originalTz = process.env.TZ;
process.env.TZ = "Europe/Berlin";
afterAll(() => {
  process.env.TZ = originalTz;
});

describe("task form (SPEC §5)", () => {
  it("reports 'Task title is required' for a blank title", () => {
    const r = taskFormSchema.safeParse({ ...emptyTaskForm, title: "   " });
    expect(r.error?.issues[0]).toMatchObject({ path: ["title"], message: "Task title is required" });
  });

  it("defaults to medium priority, no course and no due date", () => {
    expect(taskFormToInput({ ...emptyTaskForm, title: " Read " })).toEqual({
      title: "Read",
      description: "",
      dueDate: null,
      courseId: null,
      priority: "medium",
    });
  });

  it("turns a date alone into 23:59:59 local and a date and time into that moment", () => {
    expect(taskFormToInput({ ...emptyTaskForm, title: "x", dueDate: "2025-07-01" }).dueDate).toBe(
      "2025-07-01T21:59:59.000Z",
    );
    expect(
      taskFormToInput({ ...emptyTaskForm, title: "x", dueDate: "2025-07-01", dueTime: "08:30" }).dueDate,
    ).toBe("2025-07-01T06:30:00.000Z");
    expect(taskFormToInput({ ...emptyTaskForm, title: "x", dueTime: "08:30" }).dueDate).toBeNull();
  });

  it("sends the chosen course as a number, and what it sends passes the server's schema", () => {
    const input = taskFormToInput({
      ...emptyTaskForm,
      title: "x",
      courseId: "12",
      priority: "high",
      dueDate: "2025-07-01",
    });
    expect(input.courseId).toBe(12);
    expect(createTaskSchema.safeParse(input).success).toBe(true);
  });
});

describe("editing a task (issue 9 §3)", () => {
  it("fills the form in local time, a 23:59:59 due date as the date alone", () => {
    const form = taskToForm(
      buildTask({
        title: "Lab",
        dueDate: "2025-07-01T21:59:59.000Z",
        courseId: 4,
        priority: "high",
        notes: "n",
      }),
    );
    expect(form).toEqual({
      title: "Lab",
      description: "",
      dueDate: "2025-07-01",
      dueTime: "",
      courseId: "4",
      priority: "high",
      notes: "n",
    });
    expect(taskToForm(buildTask({ dueDate: "2025-07-01T13:30:00.000Z" })).dueTime).toBe("15:30");
    // Round trip: an unchanged form sends the same instant back.
    const t = buildTask({ title: "x", dueDate: "2025-07-01T21:59:59.000Z" });
    expect(taskFormToUpdate(taskToForm(t), t).dueDate).toBe(t.dueDate);
  });

  it("sends only priority and notes for a Canvas assignment", () => {
    const t = buildTask({ canvasId: "9", isParsed: true, title: "HW" });
    expect(
      taskFormToUpdate({ ...taskToForm(t), title: "Mine", priority: "low", notes: " start early " }, t),
    ).toEqual({
      priority: "low",
      notes: "start early",
    });
  });

  it("edits a task kept after its assignment left Canvas like the student's own, notes included", () => {
    const t = buildTask({
      canvasId: "9",
      isParsed: false,
      title: "HW",
      description: "<p>Read <b>chapter 2</b></p><p>Then answer</p>",
      notes: "part b",
    });
    const form = taskToForm(t);
    // The text the student sees, not Canvas's markup.
    expect(form.description).toBe("Read chapter 2\n\nThen answer");
    const edit = taskFormToUpdate(
      { ...form, title: "My HW", dueDate: "2025-07-01", courseId: "3", notes: " part c " },
      t,
    );
    // An untouched description keeps Canvas's HTML: it is not sent.
    expect(edit).toEqual({
      title: "My HW",
      dueDate: "2025-07-01T21:59:59.000Z",
      courseId: 3,
      priority: "medium",
      notes: "part c",
    });
    expect(taskFormToUpdate({ ...form, description: "My plan" }, t).description).toBe("My plan");
  });

  it("refuses a due time without a due date instead of dropping it", () => {
    const r = taskFormSchema.safeParse({ ...emptyTaskForm, title: "x", dueTime: "09:00" });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({
        path: ["dueDate"],
        message: "Choose a due date for this time, or clear the time",
      }),
    ]);
    expect(
      taskFormSchema.safeParse({ ...emptyTaskForm, title: "x", dueDate: "2025-07-01", dueTime: "09:00" })
        .success,
    ).toBe(true);
  });
});
