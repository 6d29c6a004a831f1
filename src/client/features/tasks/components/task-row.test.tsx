import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Task } from "#shared/tasks/contract.ts";
import { buildTask } from "#tests/factories.ts";
import { TaskRow } from "./task-row.tsx";

const task = (over: Partial<Task> = {}) => buildTask({ id: 1, title: "Essay", ...over });
const render = (t: Task) =>
  renderToStaticMarkup(
    <TaskRow task={t} now={new Date("2025-01-05T12:00:00Z")} onToggle={() => {}} onDelete={() => {}} />,
  );

describe("TaskRow (SPEC §2.3)", () => {
  it("opens a Canvas assignment's page in a new tab", () => {
    const html = render(
      task({
        isParsed: true,
        canvasId: "987",
        htmlUrl: "https://school.instructure.com/courses/1/assignments/987",
      }),
    );
    expect(html).toContain('href="https://school.instructure.com/courses/1/assignments/987"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener"');
  });

  it("does not link a task without an assignment page", () => {
    expect(render(task({ isParsed: true, canvasId: "987" }))).not.toContain("<a ");
    expect(render(task())).not.toContain("<a ");
  });

  it("marks a kept task whose assignment left Canvas, and only that one", () => {
    expect(render(task({ isParsed: false, canvasId: "987" }))).toContain("No longer in Canvas");
    expect(render(task({ isParsed: true, canvasId: "987" }))).not.toContain("No longer in Canvas");
    expect(render(task())).not.toContain("No longer in Canvas");
  });

  it("offers delete only once the task is completed", () => {
    expect(render(task())).not.toContain('aria-label="Delete Essay"');
    expect(render(task({ completed: true }))).toContain('aria-label="Delete Essay"');
  });

  it("shows the stripped description preview, or 'No description provided'", () => {
    expect(render(task({ description: "<p>Read &amp; summarise</p>" }))).toContain("Read &amp; summarise");
    expect(render(task())).toContain("No description provided");
  });

  it("reads 'Done' once completed, offers Edit on every row and shows the student's notes", () => {
    const done = render(task({ completed: true, dueDate: "2025-01-01T00:00:00Z" }));
    expect(done).toContain("Done");
    expect(done).not.toContain("Overdue");
    expect(render(task())).toContain('aria-label="Edit Essay"');
    expect(render(task({ canvasId: "1", notes: "Ask in office hours" }))).toContain("Ask in office hours");
  });
});
