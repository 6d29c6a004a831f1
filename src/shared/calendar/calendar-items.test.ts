import { describe, expect, it } from "vitest";
import { buildTask } from "#tests/factories.ts";
import type { Task } from "../tasks/contract.ts";
import {
  calendarItems,
  cellItems,
  isAllDay,
  itemsOnDay,
  itemTone,
  moveToDay,
  upcomingItems,
  weekDays,
} from "./calendar-items.ts";
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

describe("moving and laying out items (issue 26)", () => {
  it("moves an instant to another day at the same wall-clock time, across month and year ends", () => {
    const at = new Date(2031, 0, 31, 17, 30);
    expect(moveToDay(at, new Date(2031, 1, 3))).toEqual(new Date(2031, 1, 3, 17, 30));
    expect(moveToDay(new Date(2030, 11, 31, 9, 5), new Date(2031, 0, 1, 22))).toEqual(
      new Date(2031, 0, 1, 9, 5),
    );
    expect(moveToDay(new Date(2031, 1, 28, 23, 59), new Date(2032, 1, 29))).toEqual(
      new Date(2032, 1, 29, 23, 59),
    );
  });

  it("keeps the wall-clock time across a daylight-saving change of the viewer's zone", () => {
    // Whatever zone the tests run in: the hours and minutes stay, the UTC offset may not.
    const before = new Date(2031, 2, 7, 17, 0);
    const after = moveToDay(before, new Date(2031, 2, 10));
    expect([after.getDate(), after.getHours(), after.getMinutes()]).toEqual([10, 17, 0]);
    const autumn = moveToDay(new Date(2031, 9, 30, 8, 15), new Date(2031, 10, 4));
    expect([autumn.getMonth(), autumn.getDate(), autumn.getHours(), autumn.getMinutes()]).toEqual([
      10, 4, 8, 15,
    ]);
  });

  it("lists a week Sunday first, across a month end", () => {
    const days = weekDays(new Date(2031, 3, 2, 15));
    expect(days.map((d) => [d.getMonth(), d.getDate(), d.getDay()])).toEqual([
      [2, 30, 0],
      [2, 31, 1],
      [3, 1, 2],
      [3, 2, 3],
      [3, 3, 4],
      [3, 4, 5],
      [3, 5, 6],
    ]);
    expect(days.every((d) => d.getHours() === 0)).toBe(true);
  });

  it("shows the first items of a day and counts the rest", () => {
    const day = new Date(2031, 4, 6);
    const items = calendarItems(
      [1, 2, 3, 4].map((id) => task(id, { dueDate: new Date(2031, 4, 6, 8 + id).toISOString() })),
      [event(9, new Date(2031, 4, 7, 9))],
    );
    const cell = cellItems(items, day, 2);
    expect(cell.shown.map((i) => i.title)).toEqual(["task 1", "task 2"]);
    expect(cell.more).toBe(2);
    expect(cellItems(items, new Date(2031, 4, 7), 2)).toMatchObject({ more: 0 });
  });

  it("puts a task due at 11:59 PM (a date without a time) in the all-day row; Canvas tasks cannot move", () => {
    const [late, timed, canvas] = calendarItems(
      [
        task(1, { dueDate: new Date(2031, 4, 6, 23, 59).toISOString() }),
        task(2, { dueDate: new Date(2031, 4, 6, 9).toISOString() }),
        task(3, { dueDate: new Date(2031, 4, 7, 9).toISOString(), canvasId: "c-1" }),
      ],
      [],
    ).sort((a, b) => (a.kind === "task" && b.kind === "task" ? a.taskId - b.taskId : 0));
    expect(isAllDay(late!)).toBe(true);
    expect(isAllDay(timed!)).toBe(false);
    expect(canvas!.readOnly).toBe(true);
    expect(timed!.readOnly).toBe(false);
  });
});
