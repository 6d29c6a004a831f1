import { describe, expect, it } from "vitest";
import { buildTask } from "#tests/factories.ts";
import type { Task } from "../tasks/contract.ts";
import { calendarItems, itemsOnDay, itemTone, upcomingItems } from "./calendar-items.ts";
import type { CalendarEvent } from "./contract.ts";
import { createEventSchema } from "./contract.ts";

const task = (id: number, over: Partial<Task>) => buildTask({ id, title: `task ${id}`, ...over });
const event = (id: number, date: Date, title = `event ${id}`): CalendarEvent => ({
  id,
  title,
  description: "",
  date: date.toISOString(),
  createdAt: "2025-01-01T00:00:00.000Z",
});

describe("calendar items (SPEC §2.4)", () => {
  const tasks = [
    task(1, { dueDate: new Date(2025, 0, 6, 23, 59).toISOString(), priority: "high" }),
    task(2, {}),
    task(3, { dueDate: new Date(2025, 0, 4, 10).toISOString(), priority: "low", completed: true }),
    task(4, { dueDate: new Date(2025, 0, 8, 8).toISOString(), priority: "medium" }),
  ];
  const events = [event(10, new Date(2025, 0, 6, 9)), event(11, new Date(2025, 0, 20, 9))];
  const items = calendarItems(tasks, events);

  it("holds dated tasks and custom events in date order", () => {
    expect(items.map((i) => i.key)).toEqual(["task-3", "event-10", "task-1", "task-4", "event-11"]);
    expect(items.find((i) => i.key === "task-1")).toMatchObject({
      kind: "task",
      taskId: 1,
      priority: "high",
    });
    expect(items.find((i) => i.key === "event-10")).toMatchObject({ kind: "custom", eventId: 10 });
  });

  it("orders items at the same time by title, ignoring case", () => {
    const at = new Date(2025, 0, 6, 9);
    const same = calendarItems([], [event(1, at, "lab"), event(2, at, "Exam"), event(3, at, "essay")]);
    expect(same.map((i) => i.title)).toEqual(["essay", "Exam", "lab"]);
  });

  it("lists one local day's items", () => {
    expect(itemsOnDay(items, new Date(2025, 0, 6)).map((i) => i.key)).toEqual(["event-10", "task-1"]);
    expect(itemsOnDay(items, new Date(2025, 0, 7))).toEqual([]);
  });

  it("shows the first three upcoming from now on, without finished tasks", () => {
    const now = new Date(2025, 0, 6, 8); // before the 09:00 event
    expect(upcomingItems(items, now).map((i) => i.key)).toEqual(["event-10", "task-1", "task-4"]);
    expect(upcomingItems(items, new Date(2025, 0, 1)).map((i) => i.key)).toEqual([
      "event-10",
      "task-1",
      "task-4",
    ]);
    expect(upcomingItems(items, new Date(2025, 1, 1))).toEqual([]);
    // Earlier today is past: at 09:30 on the 6th the 09:00 event is gone, the 23:59 task is still ahead.
    expect(upcomingItems(items, new Date(2025, 0, 6, 9, 30)).map((i) => i.key)).toEqual([
      "task-1",
      "task-4",
      "event-11",
    ]);
  });

  it("colours tasks by priority and events blue", () => {
    expect(items.map(itemTone)).toEqual(["green", "blue", "red", "yellow", "blue"]);
  });

  it("requires a non-blank event title", () => {
    const bad = createEventSchema.safeParse({ title: "  ", date: "2025-01-06T09:00:00Z" });
    expect(bad.error?.issues[0]?.message).toBe("Event title is required");
    expect(createEventSchema.parse({ title: " Study group ", date: "2025-01-06T09:00:00Z" })).toMatchObject({
      title: "Study group",
      description: "",
    });
  });
});
