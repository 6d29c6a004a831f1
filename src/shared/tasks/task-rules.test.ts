import { afterAll, describe, expect, it } from "vitest";
import { buildTask } from "#tests/factories.ts";
import { createTaskSchema, type Task, updateTaskSchema } from "./contract.ts";
import {
  checklistProgress,
  compareTasks,
  descriptionPreview,
  dueBadge,
  filterTasks,
  formatDueDate,
  moveItem,
  nextDueTasks,
  plainText,
  sortTasks,
  type TaskFilter,
  taskBadge,
  toSearchable,
} from "./task-rules.ts";

// The due-date rules are about the student's local time: run them in a zone that is not UTC, so a
// rule that quietly used UTC would fail here.
// Set at load time because the test tables below build their dates when the file is read.
const originalTz = process.env.TZ;
process.env.TZ = "America/New_York";
afterAll(() => {
  process.env.TZ = originalTz;
});

const task = (over: Partial<Task> = {}) => buildTask({ title: "Task", ...over });

describe("sortTasks (SPEC §5)", () => {
  it("puts open tasks before completed ones whatever their dates", () => {
    const done = task({ title: "done", completed: true, dueDate: "2020-01-01T00:00:00Z", priority: "high" });
    const open = task({ title: "open", dueDate: null, priority: "low" });
    expect(sortTasks([done, open]).map((t) => t.title)).toEqual(["open", "done"]);
  });

  it("orders by earlier due date, dated before undated, then priority high, medium, low", () => {
    const list = [
      task({ title: "undated-low", priority: "low" }),
      task({ title: "later", dueDate: "2025-03-02T10:00:00Z", priority: "high" }),
      task({ title: "undated-high", priority: "high" }),
      task({ title: "same-medium", dueDate: "2025-03-01T10:00:00Z", priority: "medium" }),
      task({ title: "same-high", dueDate: "2025-03-01T10:00:00Z", priority: "high" }),
      task({ title: "same-low", dueDate: "2025-03-01T10:00:00Z", priority: "low" }),
    ];
    expect(sortTasks(list).map((t) => t.title)).toEqual([
      "same-high",
      "same-medium",
      "same-low",
      "later",
      "undated-high",
      "undated-low",
    ]);
  });

  it("compares instants, not strings, and keeps equal tasks in id order", () => {
    const a = task({ dueDate: "2025-03-01T10:00:00-05:00" }); // 15:00Z
    const b = task({ dueDate: "2025-03-01T14:00:00Z" });
    expect(compareTasks(a, b)).toBeGreaterThan(0);
    const c = task({});
    const d = task({});
    expect(sortTasks([d, c])).toEqual([c, d]);
  });

  it("does not change the list it is given", () => {
    const list = [task({ completed: true }), task({})];
    const copy = [...list];
    sortTasks(list);
    expect(list).toEqual(copy);
  });
});

describe("dueBadge (SPEC §4)", () => {
  it("reads a neutral 'Done' for a completed task, whatever its due date (issue 9 §3)", () => {
    const now = new Date("2025-01-05T12:00:00Z");
    expect(taskBadge({ completed: true, dueDate: "2025-01-01T00:00:00Z" }, now)).toEqual({
      text: "Done",
      tone: "gray",
    });
    expect(taskBadge({ completed: true, dueDate: null }, now).text).toBe("Done");
    expect(taskBadge({ completed: false, dueDate: "2025-01-01T00:00:00Z" }, now).text).toBe("Overdue");
  });

  const now = new Date(2025, 0, 5, 15, 0, 0); // Jan 5, 3:00 PM local
  const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m, d, h, min).toISOString();

  it.each([
    ["no due date", null, "No due date", "gray"],
    ["an hour ago, the same day", at(2025, 0, 5, 14), "Due Today", "red"],
    ["at midnight this morning", at(2025, 0, 5, 0, 0), "Due Today", "red"],
    ["yesterday", at(2025, 0, 4, 23, 59), "Overdue", "red"],
    ["due now", now.toISOString(), "Due Today", "red"],
    ["tonight", at(2025, 0, 5, 23, 59), "Due Today", "red"],
    ["tomorrow just after midnight", at(2025, 0, 6, 0, 1), "Due Tomorrow", "yellow"],
    ["in 2 days", at(2025, 0, 7), "2 days left", "yellow"],
    ["in 6 days", at(2025, 0, 11, 23, 59), "6 days left", "yellow"],
    ["exactly 7 days", at(2025, 0, 12, 15), "Next week", "yellow"],
    ["in 8 days", at(2025, 0, 13, 9), "Next week", "green"],
    ["in two months", at(2025, 2, 5), "Next week", "green"],
  ])("%s reads %j", (_label, due, text, tone) => {
    expect(dueBadge(due, now)).toEqual({ text, tone });
  });

  it("counts calendar days across a daylight-saving change", () => {
    // US clocks spring forward on 9 March 2025: that day has 23 hours.
    const before = new Date(2025, 2, 8, 12);
    expect(dueBadge(new Date(2025, 2, 10, 0, 30).toISOString(), before).text).toBe("2 days left");
  });
});

describe("plainText and descriptionPreview (SPEC §2.3)", () => {
  it("keeps a space between block elements (issue 9 §3)", () => {
    expect(plainText("<h3>Milestone</h3><p>Submit your update</p>")).toBe("Milestone Submit your update");
    expect(plainText("<dl><dt>Due</dt><dd>Friday</dd></dl><hr><pre>code</pre><figure>fig</figure>")).toBe(
      "Due Friday code fig",
    );
    expect(
      plainText("<article>One</article><aside>Two</aside><details><summary>Three</summary>Four</details>"),
    ).toBe("One Two Three Four");
    // Inline tags still join: 'time<b>line</b>' is one word.
    expect(plainText("time<b>line</b>")).toBe("timeline");
  });

  it("strips tags, keeps words from separate blocks apart and decodes common entities", () => {
    expect(
      plainText("<p>Read <b>chapter</b>&nbsp;3</p><p>Q&amp;A &lt;tags&gt; &quot;here&quot; it&#39;s</p>"),
    ).toBe('Read chapter 3 Q&A <tags> "here" it\'s');
  });

  it("decodes numeric entities and leaves unknown ones as they are", () => {
    expect(plainText("caf&#233; &#x2014; &bogus; &#0;")).toBe("café — &bogus; &#0;");
  });

  it("does not treat decoded text as markup, and drops scripts, styles and comments", () => {
    expect(plainText("&lt;script&gt;x&lt;/script&gt;")).toBe("<script>x</script>");
    expect(plainText('<style>p{color:red}</style><script>alert("x")</script><!-- note -->Hi')).toBe("Hi");
  });

  it("handles markup with attributes, line breaks and nested lists", () => {
    expect(
      plainText(
        '<div class="x"><a href="https://a.b/?q=1&amp;r=2">link</a><br/>\n\n<ul><li>one</li><li>two</li></ul></div>',
      ),
    ).toBe("link one two");
  });

  it("says 'No description provided' for empty, blank or markup-only descriptions", () => {
    expect(descriptionPreview("")).toBe("No description provided");
    expect(descriptionPreview(null)).toBe("No description provided");
    expect(descriptionPreview("   \n ")).toBe("No description provided");
    expect(descriptionPreview("<p>&nbsp;</p><br>")).toBe("No description provided");
  });

  it("keeps exactly 100 characters as they are and cuts longer text at 100 plus '...'", () => {
    const hundred = "a".repeat(100);
    expect(descriptionPreview(hundred)).toBe(hundred);
    expect(descriptionPreview(`${hundred}b`)).toBe(`${hundred}...`);
    // Counted after stripping: markup does not eat into the 100 visible characters.
    expect(descriptionPreview(`<p>${"x".repeat(99)}</p><b>yz</b>`)).toBe(`${"x".repeat(99)} ...`);
  });

  it("never splits a character made of two UTF-16 units", () => {
    const preview = descriptionPreview(`${"a".repeat(99)}😀😀`);
    expect(preview).toBe(`${"a".repeat(99)}😀...`);
  });
});

describe("formatDueDate", () => {
  it("formats like 'Jan 5, 2025 - 3:00 PM' in local time", () => {
    expect(formatDueDate(new Date(2025, 0, 5, 15, 0).toISOString())).toBe("Jan 5, 2025 - 3:00 PM");
    expect(formatDueDate("2025-01-06T04:59:59.000Z")).toBe("Jan 5, 2025 - 11:59 PM");
    expect(formatDueDate(new Date(2025, 11, 25, 0, 5).toISOString())).toBe("Dec 25, 2025 - 12:05 AM");
  });
});

describe("filterTasks (SPEC §2.3 tabs, §5 search and course filter)", () => {
  const list = [
    task({ title: "Essay draft", description: "<p>Write the <em>intro</em></p>", courseId: 1 }),
    task({ title: "Lab report", description: "Chemistry &amp; physics", courseId: 2, isParsed: true }),
    task({ title: "Reading", description: "", courseId: null }),
  ].map(toSearchable);
  const run = (f: Partial<TaskFilter>) =>
    filterTasks(list, { tab: "all", search: "", courseId: "all", ...f }).map((t) => t.title);

  it("shows everything by default", () => {
    expect(run({})).toEqual(["Essay draft", "Lab report", "Reading"]);
  });

  it("splits manual and Canvas tasks by isParsed", () => {
    expect(run({ tab: "manual" })).toEqual(["Essay draft", "Reading"]);
    expect(run({ tab: "canvas" })).toEqual(["Lab report"]);
  });

  it("searches title and visible description text, ignoring case and surrounding spaces", () => {
    expect(run({ search: "ESSAY" })).toEqual(["Essay draft"]);
    expect(run({ search: "the intro" })).toEqual(["Essay draft"]);
    expect(run({ search: " chemistry & " })).toEqual(["Lab report"]);
    // Markup is not searchable text.
    expect(run({ search: "<em>" })).toEqual([]);
  });

  it("filters by course id given as a string, combined with search", () => {
    expect(run({ courseId: "2" })).toEqual(["Lab report"]);
    expect(run({ courseId: "1", search: "lab" })).toEqual([]);
    expect(run({ courseId: "99" })).toEqual([]);
  });
});

describe("nextDueTasks", () => {
  it("takes the five earliest open tasks that have a due date", () => {
    const list = [
      task({ title: "done", completed: true, dueDate: "2025-01-01T00:00:00Z" }),
      task({ title: "undated" }),
      ...[6, 2, 5, 1, 4, 3].map((d) => task({ title: `d${d}`, dueDate: `2025-02-0${d}T00:00:00Z` })),
    ];
    expect(nextDueTasks(list).map((t) => t.title)).toEqual(["d1", "d2", "d3", "d4", "d5"]);
  });
});

describe("task schemas (SPEC §5)", () => {
  it("requires a title, trimmed", () => {
    expect(createTaskSchema.safeParse({ title: "   " }).error?.issues[0]?.message).toBe(
      "Task title is required",
    );
    expect(createTaskSchema.safeParse({}).error?.issues[0]?.message).toBe("Task title is required");
    expect(createTaskSchema.parse({ title: "  Read  " })).toMatchObject({
      title: "Read",
      priority: "medium",
      dueDate: null,
      courseId: null,
      description: "",
    });
  });

  it("accepts only high, medium or low and ISO 8601 due dates", () => {
    expect(createTaskSchema.safeParse({ title: "x", priority: "urgent" }).success).toBe(false);
    expect(createTaskSchema.safeParse({ title: "x", dueDate: "tomorrow" }).error?.issues[0]?.message).toBe(
      "Due date must be an ISO 8601 date-time",
    );
    expect(createTaskSchema.safeParse({ title: "x", dueDate: "2025-01-05T15:00:00-05:00" }).success).toBe(
      true,
    );
  });

  it("refuses an update that changes nothing", () => {
    expect(updateTaskSchema.safeParse({}).success).toBe(false);
    expect(updateTaskSchema.parse({ completed: true })).toEqual({ completed: true });
  });
});

describe("moveItem", () => {
  it.each([
    [0, 2, ["b", "c", "a", "d"]],
    [3, 0, ["d", "a", "b", "c"]],
    [1, 1, ["a", "b", "c", "d"]],
    [-1, 2, ["a", "b", "c", "d"]],
    [0, 4, ["a", "b", "c", "d"]],
  ])("moves index %i to %i", (from, to, expected) => {
    const items = ["a", "b", "c", "d"];
    expect(moveItem(items, from, to)).toEqual(expected);
    expect(items).toEqual(["a", "b", "c", "d"]);
  });
});

describe("checklistProgress", () => {
  it("counts the ticked items, and is null without a checklist", () => {
    expect(checklistProgress({ subtasks: [] })).toBeNull();
    expect(
      checklistProgress({
        subtasks: [
          { id: 1, title: "a", done: true },
          { id: 2, title: "b", done: false },
          { id: 3, title: "c", done: true },
        ],
      }),
    ).toEqual({ done: 2, total: 3 });
  });
});
