import type { UnreadableCourse } from "#shared/canvas/contract.ts";
import { SENSIBLE_YEARS } from "#shared/schema-primitives.ts";
import type { CanvasClient, CourseList } from "../../integrations/canvas/canvas-client.ts";
import { CanvasError } from "../../integrations/canvas/canvas-errors.ts";
import {
  type CanvasAssignmentJson,
  isSubmitted,
  toCourseData,
  toGradeGroups,
} from "../../integrations/canvas/canvas-schemas.ts";
import type {
  CachedCanvasCourse,
  CoursesService,
  CanvasCourseValues as CourseValues,
} from "../courses/courses.service.ts";
import type { ImportedTask, ImportedTaskValues, TasksService } from "../tasks/tasks.service.ts";
import { unansweredCourseMessage, unreadableCourseMessage } from "./canvas-errors.ts";

/**
 * Where a sync reads from, where it writes (the courses and tasks services own those tables) and how it
 * turns Canvas's links into ones the student's browser can open.
 */
export interface SyncTarget {
  userId: number;
  courses: CoursesService;
  tasks: TasksService;
  client: CanvasClient;
  /** Canvas web origin (plus prefix), for links Canvas does not send (course pages). */
  webBase: string;
  /** Rewrites or drops a link before it is stored (see canvas.service.ts `linkMapper`). */
  link: (url: string | null) => string | null;
}

export interface SyncCounts {
  courses: number;
  assignments: number;
  created: number;
  updated: number;
  deleted: number;
  unreadableCourses: UnreadableCourse[];
}

/**
 * A failure of one course's requests that leaves the rest of the sync worth finishing: Canvas answered 5xx
 * (or something that is not its JSON) after the retries, or did not answer in time. Not a bad token,
 * throttling or a refused address: those are the whole sync's.
 */
const isForbidden = (err: unknown): err is CanvasError =>
  err instanceof CanvasError && err.kind === "forbidden";
const failedAlone = (err: unknown) =>
  err instanceof CanvasError && ["upstream", "timeout", "network", "bad_response"].includes(err.kind);

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

const sameCourse = (a: CourseValues, row: CourseValues) =>
  (Object.keys(a) as Array<keyof CourseValues>).every((k) => a[k] === row[k]);

/**
 * Writes the course lists into the cache: inserts and updates only what changed. A course Canvas no longer
 * lists (date-restricted stubs still count as listed) is kept with its tasks and grades and marked as
 * left, and its tasks become the student's to edit; listed again, it is current again. Answers canvasId -> row id for every listed course.
 */
export async function writeCourseLists(
  t: SyncTarget,
  active: CourseList,
  completed: CourseList,
  cachedRows?: CachedCanvasCourse[],
) {
  const listed = new Map<string, CourseValues>();
  for (const [list, state] of [
    [active, "active"],
    [completed, "completed"],
  ] as const) {
    for (const course of list.courses) {
      if (listed.has(course.id)) continue; // a course in both lists counts as active
      const data = toCourseData(course);
      listed.set(data.canvasId, {
        canvasId: data.canvasId,
        name: data.name,
        code: data.code,
        enrollmentState: state,
        currentScore: data.currentScore,
        finalScore: data.finalScore,
        currentGrade: data.currentGrade,
        finalGrade: data.finalGrade,
        htmlUrl: t.link(`${t.webBase}/courses/${data.canvasId}`),
        applyGroupWeights: data.applyGroupWeights,
      });
    }
  }
  const restricted = new Set([...active.restrictedIds, ...completed.restrictedIds]);
  const existing = cachedRows ?? (await t.courses.cachedCanvasCourses(t.userId));
  const ids = new Map<string, number>();
  const upserts: CourseValues[] = [];
  const leftIds: number[] = [];
  for (const row of existing) {
    const fresh = listed.get(row.canvasId);
    if (!fresh) {
      if (!restricted.has(row.canvasId) && !row.leftCanvasAt) leftIds.push(row.id);
      continue;
    }
    ids.set(row.canvasId, row.id);
    if (!sameCourse(fresh, row) || row.leftCanvasAt) upserts.push(fresh);
  }
  for (const [canvasId, values] of listed) if (!ids.has(canvasId)) upserts.push(values);
  let written = 0;
  if (upserts.length || leftIds.length) {
    // Tasks first: if the courses' write fails, the next sync finds the same courses left and repeats both.
    await t.tasks.keepImportedOfCourses(t.userId, leftIds);
    const fresh = await t.courses.writeCanvasCourses(t.userId, upserts, leftIds);
    for (const [canvasId, id] of fresh) ids.set(canvasId, id);
    written = upserts.length + leftIds.length;
  }
  return { ids, count: listed.size, written };
}

/** A Canvas assignment as an imported task; `fallbackUrl` is used when Canvas sends no html_url. */
export function toTaskValues(
  link: SyncTarget["link"],
  a: CanvasAssignmentJson,
  courseId: number | null,
  fallbackUrl: string | null,
): ImportedTaskValues {
  const due = a.due_at ? new Date(a.due_at) : null;
  // PostgreSQL refuses some dates JavaScript accepts (year 0, +275760): one such due date must not fail
  // the import, so it reads as no due date, like an unparseable one.
  const year = due?.getUTCFullYear() ?? Number.NaN;
  const sensible = year >= SENSIBLE_YEARS.min && year <= SENSIBLE_YEARS.max;
  return {
    canvasId: a.id,
    courseId,
    title: a.name?.trim() || "Untitled assignment",
    // Stored as Canvas sends it (HTML); the task list shows it stripped.
    description: a.description ?? "",
    dueDate: sensible ? due : null,
    htmlUrl: link(a.html_url ?? fallbackUrl),
    completed: isSubmitted(a),
  };
}

const changed = (v: ImportedTaskValues, row: ImportedTask) =>
  v.title !== row.title ||
  v.description !== row.description ||
  v.htmlUrl !== row.htmlUrl ||
  v.courseId !== row.courseId ||
  !row.isParsed ||
  v.completed !== row.canvasSubmitted ||
  (v.dueDate?.getTime() ?? null) !== (row.dueDate?.getTime() ?? null);

/**
 * One course's assignments against its imported tasks: new ones inserted, changed ones updated, ones
 * Canvas no longer lists deleted unless the student added to them, all in one transaction; nothing
 * written when nothing changed.
 */
export async function writeCourseTasks(
  t: SyncTarget,
  courseCanvasId: string,
  courseId: number,
  assignments: CanvasAssignmentJson[],
  existing: Map<string, ImportedTask>,
) {
  const seen = new Set<string>();
  const upserts: ImportedTaskValues[] = [];
  let created = 0;
  for (const a of assignments) {
    if (a.published === false || seen.has(a.id)) continue;
    seen.add(a.id);
    const fallback = `${t.webBase}/courses/${courseCanvasId}/assignments/${a.id}`;
    const values = toTaskValues(t.link, a, courseId, fallback);
    const row = existing.get(a.id);
    if (!row) created += 1;
    if (!row || changed(values, row)) upserts.push(values);
  }
  // A task already kept as the student's own (see retireImported) is no longer the sync's to remove.
  const deleteIds = [...existing.values()]
    .filter((row) => row.isParsed && row.courseId === courseId && !seen.has(row.canvasId!))
    .map((row) => row.id);
  const deleted = await t.tasks.applyImport(t.userId, upserts, deleteIds);
  return { assignments: seen.size, created, updated: upserts.length - created, deleted };
}

/**
 * The whole sync. Both course lists are requested at once; each active course's assignments are requested
 * as soon as the active list arrives and written as soon as they arrive, so database work overlaps the
 * network. A course Canvas will not show us (401 without WWW-Authenticate, 403, 404) is skipped, keeps
 * the tasks earlier syncs imported from it and is named in the answer; any other failure fails the sync
 * after the courses that did arrive are written.
 */
export async function syncCanvas(t: SyncTarget): Promise<SyncCounts> {
  const completedList = settle(t.client.courses("completed"));
  const active = await t.client.courses("active");
  const fetches = active.courses.map((c) => ({
    canvasId: c.id,
    name: c.name ?? c.id,
    result: settle(t.client.assignments(c.id)),
    // The What-If data (issue 26 §5): groups, weights, drop rules, points and the student's scores.
    groups: settle(t.client.assignmentGroups(c.id)),
  }));
  // Read the cache only now: on PGlite a query holds the event loop, and the requests above must be on
  // the wire first so the reading overlaps Canvas's answer instead of delaying the question.
  const existingCourses = await t.courses.cachedCanvasCourses(t.userId);
  const existingTasks = await t.tasks.importedTasks(t.userId);
  const completed = await completedList;
  if (!completed.ok) throw completed.error;
  const courses = await writeCourseLists(t, active, completed.value, existingCourses);
  const byCanvasId = new Map(existingTasks.map((row) => [row.canvasId!, row]));

  const counts: SyncCounts = {
    courses: courses.count,
    assignments: 0,
    created: 0,
    updated: 0,
    deleted: 0,
    unreadableCourses: [],
  };
  const unreadable = new Map<string, UnreadableCourse>();
  let failure: unknown = null;
  let unanswered: unknown = null;
  let read = 0;
  await Promise.all(
    fetches.map(async ({ canvasId, name, result, groups }) => {
      const res = await result;
      // Let other answers that arrived together free their slots (and send the next requests) before this
      // write holds the event loop: on PGlite a write blocks, and the network is the critical path.
      await new Promise((resolve) => setImmediate(resolve));
      if (!res.ok) {
        if (isForbidden(res.error)) {
          unreadable.set(canvasId, { canvasId, name, message: unreadableCourseMessage(name, res.error) });
        } else if (failedAlone(res.error)) {
          unanswered ??= res.error;
          unreadable.set(canvasId, { canvasId, name, message: unansweredCourseMessage(name) });
        } else failure ??= res.error;
        return;
      }
      read++;
      const courseId = courses.ids.get(canvasId)!;
      const written = await writeCourseTasks(t, canvasId, courseId, res.value, byCanvasId);
      counts.assignments += written.assignments;
      counts.created += written.created;
      counts.updated += written.updated;
      counts.deleted += written.deleted;
      const weights = await groups;
      if (weights.ok) await t.courses.writeGradeGroups(t.userId, courseId, toGradeGroups(weights.value));
      // Refused or unanswered, the course's grade weights stay as the last sync read them.
      else if (!isForbidden(weights.error) && !failedAlone(weights.error)) failure ??= weights.error;
    }),
  );
  if (failure) throw failure;
  // Every course failed: that is Canvas failing, not a course.
  if (unanswered && read === 0) throw unanswered;
  // In the order Canvas lists the courses, not the order their answers happened to arrive in.
  counts.unreadableCourses = fetches.flatMap((f) => unreadable.get(f.canvasId) ?? []);
  return counts;
}
