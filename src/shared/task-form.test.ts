import { afterAll, describe, expect, it } from "vitest";
import { emptyTaskForm, taskFormSchema, taskFormToInput } from "./task-form.ts";
import { createTaskSchema } from "./tasks.ts";

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
