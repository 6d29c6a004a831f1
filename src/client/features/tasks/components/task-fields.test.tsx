import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { Task } from "#shared/tasks/contract.ts";
import { buildTask } from "#tests/factories.ts";
import { emptyRepeat } from "../repeat-form.ts";
import { taskToForm } from "../task-form.ts";
import { type TaskDialogValues, TaskFields } from "./task-fields.tsx";

function Fields({ task }: { task: Task }) {
  const form = useForm<TaskDialogValues>({ defaultValues: { ...taskToForm(task), series: emptyRepeat } });
  return (
    <TaskFields form={form} courses={[{ id: 3, name: "Biology", code: "BIO", canvasId: null }]} task={task} />
  );
}
const render = (task: Task) => renderToStaticMarkup(<Fields task={task} />);
/** The opening tag of the control with this id. */
const control = (html: string, id: string) =>
  html.match(new RegExp(`<[a-z]+[^>]*id="${id}"[^>]*>`))?.[0] ?? "";

describe("TaskFields for a Canvas task", () => {
  const canvas = { canvasId: "987", title: "Essay", description: "<p>Write it</p>", notes: "part b" };

  it("keeps Canvas's fields read-only while the assignment is in Canvas", () => {
    const html = render(buildTask({ ...canvas, isParsed: true }));
    for (const id of ["task-title", "task-description", "task-due-date", "task-due-time"])
      expect(control(html, id)).toMatch(/readonly/i);
    expect(control(html, "task-course")).toMatch(/disabled/);
    expect(control(html, "task-notes")).not.toMatch(/readonly/i);
  });

  it("makes a task kept after its assignment left Canvas editable, with its notes", () => {
    const html = render(buildTask({ ...canvas, isParsed: false }));
    for (const id of ["task-title", "task-description", "task-due-date", "task-due-time", "task-course"])
      expect(control(html, id)).not.toMatch(/readonly|disabled/i);
    // The form's own fields (the values come from taskToForm, task-form.test.ts), notes still there.
    expect(control(html, "task-description")).toContain('name="description"');
    expect(control(html, "task-notes")).toContain('name="notes"');
  });
});
