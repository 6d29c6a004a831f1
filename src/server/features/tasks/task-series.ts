import type { Task } from "#shared/tasks/contract.ts";
import {
  checkSeries,
  nextOccurrence,
  parseRRule,
  type Series,
  splitSeries,
  toRRule,
} from "#shared/tasks/recurrence.ts";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../lib/errors.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import { type TaskValues, tasksRepo } from "./tasks.repo.ts";

/** What the series operations need: the database, and the student's zone for a rule sent without one. */
export type SeriesDeps = { db: Db; settings: Pick<SettingsService, "timeZone"> };

/**
 * A series' rule in the form the database keeps (toRRule's own text), or a 400 naming what is wrong. A
 * series starts at its due date, which must itself be one of its dates; an end too far away, a count
 * above the limit and rules the planner cannot hold are refused.
 */
export function normalizedRule(rrule: string, dueDate: string | null | undefined, timeZone: string) {
  if (!dueDate) throw badRequest("A repeating task needs a due date: its first occurrence");
  const start = new Date(dueDate);
  const parsed = parseRRule(rrule, { start, timeZone });
  if (!parsed.ok) throw badRequest(parsed.error);
  const problem = checkSeries({ rule: parsed.rule, start, timeZone });
  if (problem) throw badRequest(problem);
  return toRRule(parsed.rule, timeZone);
}

function seriesOf(task: Task): Series | null {
  if (!task.rrule || !task.seriesStart || !task.recurrenceTimeZone) return null;
  const start = new Date(task.seriesStart);
  const parsed = parseRRule(task.rrule, { start, timeZone: task.recurrenceTimeZone });
  return parsed.ok ? { rule: parsed.rule, start, timeZone: task.recurrenceTimeZone } : null;
}

/**
 * Completing the latest occurrence of a series creates the next one (same title, description, course
 * and priority), keeping the schedule: a late completion still gets the next in turn. Nothing when the
 * series has ended or its next occurrence exists already (completed, reopened, completed again).
 */
export async function createNext({ db }: SeriesDeps, userId: number, task: Task): Promise<void> {
  const series = seriesOf(task);
  if (!series || !task.dueDate || task.seriesId === null) return;
  const due = new Date(task.dueDate);
  if (await tasksRepo.seriesHasAfter(db, userId, task.seriesId, due)) return;
  const next = nextOccurrence(series, due);
  if (!next) return;
  const created = await tasksRepo.insertOccurrence(db, userId, {
    title: task.title,
    description: task.description,
    courseId: task.courseId,
    priority: task.priority,
    dueDate: next,
    rrule: task.rrule,
    recurrenceTimeZone: task.recurrenceTimeZone,
    seriesStart: series.start,
    seriesId: task.seriesId,
  });
  if (created && task.subtasks.length) {
    await tasksRepo.copySubtasks(db, userId, task.id, created.id);
  }
}

/**
 * Reopening an occurrence undoes what completing it did, as a student expects of an un-tick or Undo: the
 * next occurrence its completion created goes, so two open copies of the series are not left. The rule:
 * the occurrence removed is the series' one due at nextOccurrence(series, this due date), the one
 * createNext made, and only while it is exactly as made: open, its row never written since (no edit, no
 * completion and reopening: updated_at is still created_at), its checklist still the reopened task's items
 * with none ticked, and no focus session or exam linked to it. Anything the student did to it keeps it.
 * Completing this one again creates it afresh.
 */
export async function removeNext({ db }: SeriesDeps, userId: number, task: Task): Promise<void> {
  const series = seriesOf(task);
  if (!series || !task.dueDate || task.seriesId === null) return;
  const next = nextOccurrence(series, new Date(task.dueDate));
  if (next) await tasksRepo.removeUntouchedOccurrence(db, userId, task.seriesId, next, task.id);
}

/**
 * The series' rule from `task` on (a count keeps only what is left), as text: what "this and all future"
 * restarts from a new due date when only the date or time moved. The stored rule when it cannot be split.
 */
export function ruleFrom(task: Task): string | null {
  const series = seriesOf(task);
  if (!series || !task.dueDate) return task.rrule;
  try {
    return toRRule(splitSeries(series, new Date(task.dueDate)).after.rule, series.timeZone);
  } catch {
    return task.rrule;
  }
}

/** The fields of an edit that touch a series. */
type RecurrenceChange = { recurrence?: string | null; dueDate?: string | null; timeZone?: string };

/**
 * A new rule (or none) for a series from `task` on: the earlier occurrences keep the old rule ended just
 * before it (so the feed does not repeat them), and this and later ones form a new series from this task.
 */
export async function changeRecurrence(
  deps: SeriesDeps,
  userId: number,
  task: Task,
  input: RecurrenceChange,
): Promise<TaskValues> {
  if (task.canvasId && input.recurrence) throw badRequest("A Canvas assignment cannot repeat.");
  const dueDate = input.dueDate !== undefined ? input.dueDate : task.dueDate;
  if (input.recurrence === null || input.recurrence === undefined) {
    if (task.seriesId !== null && task.dueDate) await endSeriesBefore(deps, userId, task);
    return { rrule: null, recurrenceTimeZone: null, seriesStart: null, seriesId: null };
  }
  const timeZone = input.timeZone ?? task.recurrenceTimeZone ?? (await deps.settings.timeZone(userId));
  const rrule = normalizedRule(input.recurrence, dueDate, timeZone);
  if (task.seriesId !== null && task.dueDate) await endSeriesBefore(deps, userId, task);
  return { rrule, recurrenceTimeZone: timeZone, seriesStart: new Date(dueDate!), seriesId: task.id };
}

/** The series' occurrences before `task` keep their rule, ended where `task` begins. */
async function endSeriesBefore({ db }: SeriesDeps, userId: number, task: Task) {
  const series = seriesOf(task);
  if (!series || !task.dueDate || task.seriesId === null) return;
  const at = new Date(task.dueDate);
  let before: string | null = null;
  try {
    const split = splitSeries(series, at);
    before = split.before ? toRRule(split.before, series.timeZone) : null;
  } catch {
    before = null;
  }
  await tasksRepo.updateSeriesBefore(
    db,
    userId,
    task.seriesId,
    at,
    before ? { rrule: before } : { rrule: null, recurrenceTimeZone: null, seriesStart: null, seriesId: null },
  );
}
