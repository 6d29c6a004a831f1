import { differenceInCalendarDays } from "date-fns";
import { DESCRIPTION_PREVIEW_LENGTH } from "../constants.ts";
import { formatDate } from "../date-format.ts";
import type { Priority, Task } from "./contract.ts";

// The task rules of SPEC §4 and §5, used by the task list, the calendar, the dashboard and the feed.

const PRIORITY_RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

type Sortable = Pick<Task, "id" | "completed" | "dueDate" | "priority">;

/**
 * SPEC §5: open before completed; then earlier due date first, dated before undated; then priority
 * high, medium, low. The id settles ties so the order never jumps between renders.
 */
export function compareTasks(a: Sortable, b: Sortable): number {
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  const da = a.dueDate ? Date.parse(a.dueDate) : null;
  const db = b.dueDate ? Date.parse(b.dueDate) : null;
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da - db;
  }
  return PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || a.id - b.id;
}

export const sortTasks = <T extends Sortable>(tasks: readonly T[]): T[] => [...tasks].sort(compareTasks);

export type DueTone = "red" | "yellow" | "green" | "gray";
export interface DueBadge {
  text: string;
  tone: DueTone;
}

/**
 * SPEC §4 due badge, from calendar days until due in the student's time zone: a task reads 'Due Today'
 * all of its day, also after its hour (the row shows the time), and 'Overdue' from the next day.
 */
export function dueBadge(dueDate: string | null, now: Date = new Date()): DueBadge {
  if (!dueDate) return { text: "No due date", tone: "gray" };
  const days = differenceInCalendarDays(new Date(dueDate), now);
  if (days < 0) return { text: "Overdue", tone: "red" };
  if (days === 0) return { text: "Due Today", tone: "red" };
  if (days === 1) return { text: "Due Tomorrow", tone: "yellow" };
  if (days < 7) return { text: `${days} days left`, tone: "yellow" };
  return { text: "Next week", tone: days === 7 ? "yellow" : "green" };
}

/**
 * A task's badge: a completed task reads a neutral 'Done' (a deviation from SPEC §4, which would still
 * call a finished task 'Overdue' or 'Due Today'); an open one gets its due badge.
 */
export const taskBadge = (task: Pick<Task, "dueDate" | "completed">, now: Date = new Date()): DueBadge =>
  task.completed ? { text: "Done", tone: "gray" } : dueBadge(task.dueDate, now);

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  copy: "©",
  reg: "®",
  trade: "™",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAG =
  /<\/?(p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|thead|tbody|tfoot|table|caption|section|article|aside|header|footer|nav|main|blockquote|pre|figure|figcaption|details|summary|address|center)\b[^>]*>/gi;

/**
 * Canvas descriptions are HTML: the visible text only, with entities decoded and spaces collapsed. With
 * `lines` (a calendar feed's DESCRIPTION, read in full) paragraphs and line breaks stay, as the
 * student wrote them or Canvas showed them; a preview is one line.
 */
export function plainText(html: string, { lines = false } = {}): string {
  const text = decodeEntities(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      // Block boundaries part words from two blocks ('<h3>Milestone</h3><p>Submit') so they do not run
      // together.
      .replace(BLOCK_TAG, lines ? "\n" : " ")
      .replace(/<[^>]*>/g, ""),
  );
  if (!lines) return text.replace(/\s+/g, " ").trim();
  return text
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** SPEC §2.3 preview: stripped, cut at 100 characters plus '...', or 'No description provided'. */
export function descriptionPreview(description: string | null | undefined): string {
  const text = plainText(description ?? "");
  if (!text) return "No description provided";
  const chars = Array.from(text);
  return chars.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${chars.slice(0, DESCRIPTION_PREVIEW_LENGTH).join("")}...`
    : text;
}

/** 'Jan 5, 2025 - 3:00 PM' in the viewer's time zone. */
export const formatDueDate = (iso: string): string => formatDate(new Date(iso), "MMM d, yyyy - h:mm a");

export type TaskTab = "all" | "manual" | "canvas";
export interface TaskFilter {
  tab: TaskTab;
  search: string;
  /** 'all' or a course id as a string (SPEC §5). */
  courseId: string;
}

/** A task with the text search runs on, computed once per list rather than on every keystroke. */
export interface SearchableTask<T extends Task = Task> {
  task: T;
  haystack: string;
}

export const toSearchable = <T extends Task>(task: T): SearchableTask<T> => ({
  task,
  haystack: `${task.title}\n${plainText(task.description)}`.toLowerCase(),
});

/**
 * SPEC §2.3 tabs and §5 filters: manual tasks are the ones not imported; search is a case-insensitive
 * substring of the title or the visible description text; the course filter compares ids as strings.
 */
export function matchesFilter(item: SearchableTask, filter: TaskFilter): boolean {
  const { task } = item;
  if (filter.tab === "manual" && task.isParsed) return false;
  if (filter.tab === "canvas" && !task.isParsed) return false;
  if (filter.courseId !== "all" && String(task.courseId) !== filter.courseId) return false;
  const needle = filter.search.trim().toLowerCase();
  return needle === "" || item.haystack.includes(needle);
}

export const filterTasks = <T extends Task>(items: readonly SearchableTask<T>[], filter: TaskFilter): T[] =>
  items.filter((i) => matchesFilter(i, filter)).map((i) => i.task);

/** The next open tasks with a due date, earliest (overdue included) first: the dashboard's glance. */
export const nextDueTasks = <T extends Task>(tasks: readonly T[], limit = 5): T[] =>
  sortTasks(tasks.filter((t) => !t.completed && t.dueDate)).slice(0, limit);

const REPEAT_DAYS: Record<string, string> = {
  MO: "Mon",
  TU: "Tue",
  WE: "Wed",
  TH: "Thu",
  FR: "Fri",
  SA: "Sat",
  SU: "Sun",
};
const REPEAT_UNITS: Record<string, [string, string]> = {
  DAILY: ["day", "days"],
  WEEKLY: ["week", "weeks"],
  MONTHLY: ["month", "months"],
};

/**
 * A recurring task's row label from its RRULE text ("Repeats every week on Mon, Wed"), read without the
 * rrule library so the list stays light; the form and quick add describe rules in full (recurrence.ts).
 */
export function repeatLabel(rrule: string | null): string | null {
  if (!rrule) return null;
  const parts = new Map(rrule.split(";").map((p) => p.split("=") as [string, string]));
  const unit = REPEAT_UNITS[parts.get("FREQ") ?? ""];
  if (!unit) return "Repeats";
  const n = Number(parts.get("INTERVAL") ?? "1");
  let text = n > 1 ? `Repeats every ${n} ${unit[1]}` : `Repeats every ${unit[0]}`;
  const days = parts.get("BYDAY");
  if (days && parts.get("FREQ") === "WEEKLY")
    text += ` on ${days
      .split(",")
      .map((d) => REPEAT_DAYS[d] ?? d)
      .join(", ")}`;
  const count = parts.get("COUNT");
  if (count) text += `, ${count} times`;
  return text;
}

/** `items` with the one at `from` moved to `to` (both indexes in range; otherwise the same order). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const out = [...items];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length) return out;
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved as T);
  return out;
}

/** A row's checklist count ('2/5'), or null when the task has no checklist. */
export function checklistProgress(task: Pick<Task, "subtasks">): { done: number; total: number } | null {
  if (!task.subtasks.length) return null;
  return { done: task.subtasks.filter((s) => s.done).length, total: task.subtasks.length };
}
