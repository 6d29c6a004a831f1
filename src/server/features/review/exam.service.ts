import { planForExamAsync, type ScheduledCard } from "#server/features/review/exam-plan.ts";
import { newCardState } from "#server/features/review/fsrs.ts";
import { foldText } from "#shared/fold-text.ts";
import { localDay } from "#shared/local-day.ts";
import {
  EXAM_CANDIDATES_MAX,
  EXAM_MAX_DAYS_AHEAD,
  EXAMS_PER_SET_MAX,
  type Exam,
  type ExamCandidate,
  type ExamPlanView,
} from "#shared/review/exam-contract.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, isUniqueViolation, notFound, unprocessable } from "../../lib/errors.ts";
import type { CalendarService } from "../calendar/calendar.service.ts";
import type { FlashcardsService } from "../flashcards/flashcards.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { TasksService } from "../tasks/tasks.service.ts";
import { studentWeights } from "./card-holds.ts";
import { type ExamRow, examRepo, preferencesRepo } from "./review.repo.ts";

type ExamLink = {
  examDate?: string | null | undefined;
  taskId?: number | null | undefined;
  eventId?: number | null | undefined;
};
type ExamInput = ExamLink & { title?: string | null | undefined };
/** An exam with its current date and title: a linked task's or event's own, else the stored ones. */
type Resolved = { row: ExamRow; title: string; date: Date };

const DAY_MS = 24 * 60 * 60 * 1000;
const latestExam = (now: Date) => now.getTime() + EXAM_MAX_DAYS_AHEAD * DAY_MS;
/** An exam a plan can be made for: still ahead, and not further than EXAM_MAX_DAYS_AHEAD. */
const plannable = (date: Date, now: Date) =>
  date.getTime() > now.getTime() && date.getTime() <= latestExam(now);
const hasLink = (input: ExamLink) =>
  [input.examDate, input.taskId, input.eventId].some((x) => x !== null && x !== undefined);

/**
 * Each set's plan aims at its nearest upcoming exam (decision 017): the later ones get theirs once it has
 * passed. Keyed by set id.
 */
function nextPerSet(resolved: Resolved[], now: Date): Map<number, Resolved> {
  const next = new Map<number, Resolved>();
  for (const r of resolved) {
    if (r.date.getTime() <= now.getTime()) continue;
    const seen = next.get(r.row.flashcardSetId);
    if (!seen || r.date.getTime() < seen.date.getTime() || (+r.date === +seen.date && r.row.id < seen.row.id))
      next.set(r.row.flashcardSetId, r);
  }
  // The nearest beyond the bound (a Canvas date moved later) gets no plan rather than a huge one.
  for (const [setId, r] of next) if (!plannable(r.date, now)) next.delete(setId);
  return next;
}

const byDate = (a: Resolved, b: Resolved) => a.date.getTime() - b.date.getTime() || a.row.id - b.row.id;

/** What exam plans read: the student's settings, tasks and events, and whether a set is readable. */
export interface ExamDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  tasks: TasksService;
  calendar: CalendarService;
  /** Whether a set the student does not own is one they may read (a group's shared set). */
  flashcards: Pick<FlashcardsService, "readableSet">;
}

async function resolve(deps: ExamDeps, userId: number, rows: ExamRow[]): Promise<Resolved[]> {
  const needTasks = rows.some((r) => r.taskId !== null);
  const needEvents = rows.some((r) => r.eventId !== null);
  const [taskList, eventList] = await Promise.all([
    needTasks ? deps.tasks.list(userId) : [],
    needEvents ? deps.calendar.events(userId) : [],
  ]);
  return rows.map((r) => {
    const task = r.taskId === null ? undefined : taskList.find((t) => t.id === r.taskId);
    const event = r.eventId === null ? undefined : eventList.find((e) => e.id === r.eventId);
    const date = task?.dueDate ?? event?.date;
    return {
      row: r,
      title: r.title ?? task?.title ?? event?.title ?? r.setTitle,
      date: date ? new Date(date) : r.examDate,
    };
  });
}

async function computePlan(
  deps: ExamDeps,
  userId: number,
  exam: Resolved,
  timeZone: string,
  todayOnly: boolean,
) {
  const now = deps.clock.now();
  const [{ desiredRetention, newCardsPerDay }, prefs, rows] = await Promise.all([
    deps.settings.getReview(userId),
    preferencesRepo.get(deps.db, userId),
    examRepo.setCards(deps.db, userId, exam.row.flashcardSetId, now),
  ]);
  const cards: ScheduledCard[] = rows.map((c) => ({ id: c.id, ...(c.state ?? newCardState(now)) }));
  const weights = studentWeights(prefs);
  return planForExamAsync(
    cards,
    exam.date,
    now,
    desiredRetention,
    timeZone,
    newCardsPerDay,
    todayOnly,
    weights,
  );
}

const todayCount = (deps: ExamDeps, result: Awaited<ReturnType<typeof computePlan>>, timeZone: string) =>
  result.days[0]?.date === localDay(deps.clock.now(), timeZone) ? result.days[0].cardIds.length : 0;

const view = (r: Resolved, planned: boolean, today: number): Exam => ({
  id: r.row.id,
  flashcardSetId: r.row.flashcardSetId,
  setTitle: r.row.setTitle,
  examTitle: r.title,
  title: r.row.title,
  examDate: r.date.toISOString(),
  taskId: r.row.taskId,
  eventId: r.row.eventId,
  planned,
  today,
});

/** The exams as the API shows them: the one each set's plan aims at carries today's card count. */
async function views(
  deps: ExamDeps,
  userId: number,
  resolved: Resolved[],
  timeZone: string,
): Promise<Exam[]> {
  const next = nextPerSet(resolved, deps.clock.now());
  const exams: Exam[] = [];
  for (const r of [...resolved].sort(byDate)) {
    const planned = next.get(r.row.flashcardSetId) === r;
    const today = planned
      ? todayCount(deps, await computePlan(deps, userId, r, timeZone, true), timeZone)
      : 0;
    exams.push(view(r, planned, today));
  }
  return exams;
}

async function ownSet(deps: ExamDeps, userId: number, setId: number) {
  const set = await examRepo.ownSet(deps.db, userId, setId);
  if (!set) throw notFound("Flashcard set");
  return set;
}

async function ownExam(deps: ExamDeps, userId: number, examId: number) {
  const row = await examRepo.exam(deps.db, userId, examId);
  if (!row) throw notFound("Exam");
  return row;
}

/**
 * The stored values of a date, task or event picked, checked before anything is written: a refused date
 * leaves the existing exams and plan as they were.
 */
async function linkValues(deps: ExamDeps, userId: number, input: ExamLink) {
  let examDate = input.examDate ? new Date(input.examDate) : null;
  if (input.taskId) {
    const task = (await deps.tasks.list(userId)).find((t) => t.id === input.taskId);
    if (!task) throw notFound("Task");
    if (!task.dueDate) throw notFound("Task due date");
    examDate = new Date(task.dueDate);
  }
  if (input.eventId) {
    const event = (await deps.calendar.events(userId)).find((e) => e.id === input.eventId);
    if (!event) throw notFound("Event");
    examDate = new Date(event.date);
  }
  if (!examDate) throw badRequest("Pick one exam: a date, a task or an event");
  const now = deps.clock.now();
  if (examDate.getTime() <= now.getTime())
    throw unprocessable("The exam date is in the past. Pick a date that is still ahead.");
  if (examDate.getTime() > latestExam(now))
    throw unprocessable(
      `The exam date is more than 2 years ahead. Pick a date within ${EXAM_MAX_DAYS_AHEAD} days.`,
    );
  return { examDate, taskId: input.taskId ?? null, eventId: input.eventId ?? null };
}

/** A second exam on the same date, task or event of a set is refused by the partial unique indexes. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict("This set already has that exam: pick another date, task or event.");
    throw err;
  }
}

async function setView(deps: ExamDeps, userId: number, setId: number, examId: number, timeZone: string) {
  const all = await views(
    deps,
    userId,
    await resolve(deps, userId, await examRepo.exams(deps.db, userId, setId)),
    timeZone,
  );
  const exam = all.find((e) => e.id === examId);
  if (!exam) throw notFound("Exam");
  return exam;
}

/** The set's nearest upcoming exam, if any (what 'the set's exam' meant with one exam per set). */
async function nextOf(deps: ExamDeps, userId: number, setId: number) {
  const resolved = await resolve(deps, userId, await examRepo.exams(deps.db, userId, setId));
  return resolved.filter((r) => r.date.getTime() > deps.clock.now().getTime()).sort(byDate)[0];
}

/**
 * PUT .../exam, kept for clients of one exam per set: sets the set's next exam (changes its nearest
 * upcoming one, or adds one when it has none); all null removes the next exam.
 */
async function setExam(deps: ExamDeps, userId: number, setId: number, input: ExamLink, timeZone = "UTC") {
  await ownSet(deps, userId, setId);
  const values = hasLink(input) ? await linkValues(deps, userId, input) : null;
  const next = await nextOf(deps, userId, setId);
  if (!values) {
    if (next) await examRepo.remove(deps.db, userId, next.row.id);
  } else if (next) {
    await unique(() => examRepo.update(deps.db, userId, next.row.id, { ...values, title: null }));
  } else {
    await unique(() => examRepo.insert(deps.db, userId, setId, values));
  }
  const after = await nextOf(deps, userId, setId);
  return { exam: after ? await setView(deps, userId, setId, after.row.id, timeZone) : null };
}

async function listForSet(deps: ExamDeps, userId: number, setId: number, timeZone = "UTC"): Promise<Exam[]> {
  await ownSet(deps, userId, setId);
  return views(
    deps,
    userId,
    await resolve(deps, userId, await examRepo.exams(deps.db, userId, setId)),
    timeZone,
  );
}

async function add(
  deps: ExamDeps,
  userId: number,
  setId: number,
  input: ExamInput,
  timeZone = "UTC",
): Promise<Exam> {
  await ownSet(deps, userId, setId);
  const values = await linkValues(deps, userId, input);
  if ((await examRepo.count(deps.db, userId, setId)) >= EXAMS_PER_SET_MAX)
    throw unprocessable(`A set can have at most ${EXAMS_PER_SET_MAX} exams. Remove a past one first.`);
  const id = await unique(() =>
    examRepo.insert(deps.db, userId, setId, { ...values, title: input.title ?? null }),
  );
  return setView(deps, userId, setId, id, timeZone);
}

async function edit(
  deps: ExamDeps,
  userId: number,
  examId: number,
  input: ExamInput,
  timeZone = "UTC",
): Promise<Exam> {
  const row = await ownExam(deps, userId, examId);
  const values = hasLink(input) ? await linkValues(deps, userId, input) : {};
  await unique(() =>
    examRepo.update(deps.db, userId, examId, {
      ...values,
      ...(input.title === undefined ? {} : { title: input.title }),
    }),
  );
  return setView(deps, userId, row.flashcardSetId, examId, timeZone);
}

async function remove(deps: ExamDeps, userId: number, examId: number) {
  await ownExam(deps, userId, examId);
  await examRepo.remove(deps.db, userId, examId);
  return { ok: true as const };
}

async function plan(deps: ExamDeps, userId: number, setId: number, timeZone = "UTC"): Promise<ExamPlanView> {
  const set = await examRepo.ownSet(deps.db, userId, setId);
  if (!set) {
    // Not the student's own: a shared set they can read has no plan for them (a 200 state, not a
    // 404 on every Review visit); any other set is not found.
    await deps.flashcards.readableSet(userId, setId);
    return { exam: null, days: [], belowTarget: 0, canPlan: false };
  }
  const resolved = await resolve(deps, userId, await examRepo.exams(deps.db, userId, setId));
  const next = nextPerSet(resolved, deps.clock.now()).get(setId);
  if (!next) return { exam: null, days: [], belowTarget: 0, canPlan: true };
  const result = await computePlan(deps, userId, next, timeZone, false);
  return {
    exam: view(next, true, todayCount(deps, result, timeZone)),
    days: result.days.map((d) => ({ date: d.date, count: d.cardIds.length })),
    belowTarget: result.belowTarget.length,
    canPlan: true,
  };
}

/**
 * The cards today's plans ask for (one set's, or every set with an upcoming exam), lowest recall on
 * the exam day first: the review queue shows them even when FSRS would wait. Only the set's owner
 * has an exam on it; a group member reviewing a shared set gets none.
 */
async function plannedToday(
  deps: ExamDeps,
  userId: number,
  timeZone = "UTC",
  setId?: number,
): Promise<number[]> {
  const now = deps.clock.now();
  const resolved = await resolve(deps, userId, await examRepo.exams(deps.db, userId, setId));
  const ids: number[] = [];
  for (const r of nextPerSet(resolved, now).values()) {
    const today = (await computePlan(deps, userId, r, timeZone, true)).days[0];
    if (today?.date === localDay(now, timeZone)) ids.push(...today.cardIds);
  }
  return ids;
}

/** The student's upcoming dated tasks (Canvas assignments included) and events, soonest first. */
async function candidates(deps: ExamDeps, userId: number, search = ""): Promise<ExamCandidate[]> {
  const now = deps.clock.now().getTime();
  const needle = foldText(search.trim());
  const [taskList, eventList] = await Promise.all([deps.tasks.list(userId), deps.calendar.events(userId)]);
  const all: ExamCandidate[] = [
    ...taskList.flatMap((t) =>
      t.dueDate && !t.completed ? [{ kind: "task" as const, id: t.id, title: t.title, date: t.dueDate }] : [],
    ),
    ...eventList.map((e) => ({ kind: "event" as const, id: e.id, title: e.title, date: e.date })),
  ];
  return all
    .filter((c) => new Date(c.date).getTime() > now && foldText(c.title).includes(needle))
    .sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime() || a.id - b.id)
    .slice(0, EXAM_CANDIDATES_MAX);
}

/**
 * Every upcoming exam across the student's sets (within the plan bound), soonest first; the one each
 * set's plan aims at carries today's cards.
 */
async function upcoming(deps: ExamDeps, userId: number, timeZone = "UTC"): Promise<Exam[]> {
  const now = deps.clock.now();
  const resolved = (await resolve(deps, userId, await examRepo.exams(deps.db, userId))).filter((r) =>
    plannable(r.date, now),
  );
  return views(deps, userId, resolved, timeZone);
}

/**
 * `upcoming` for many students, by student: one statement finds which have exams at all, and only
 * those are read (a plan needs the planner, a few statements each); the others have none.
 */
async function upcomingMany(
  deps: ExamDeps,
  students: { userId: number; timeZone: string }[],
): Promise<Map<number, Exam[]>> {
  const withExams = await examRepo.usersWithExams(
    deps.db,
    students.map((s) => s.userId),
  );
  const result = new Map<number, Exam[]>();
  for (const s of students)
    result.set(s.userId, withExams.has(s.userId) ? await upcoming(deps, s.userId, s.timeZone) : []);
  return result;
}

/** An operation's arguments after its dependencies. */
type Args<F> = F extends (deps: ExamDeps, ...rest: infer A) => unknown ? A : never;

/**
 * Exam plans (issue 11; several exams per set, issue 25 §3): a flashcard set tied to dates, or to tasks
 * (Canvas assignments) or events of the student's, read through those features' services so a Canvas date
 * that moves moves the plan. The plan aims at the set's nearest upcoming exam and is computed afresh on
 * every read from the cards' current state (planForExam), never stored.
 */
export function createExamService(deps: ExamDeps) {
  return {
    setExam: (...a: Args<typeof setExam>) => setExam(deps, ...a),
    listForSet: (...a: Args<typeof listForSet>) => listForSet(deps, ...a),
    add: (...a: Args<typeof add>) => add(deps, ...a),
    edit: (...a: Args<typeof edit>) => edit(deps, ...a),
    remove: (...a: Args<typeof remove>) => remove(deps, ...a),
    plan: (...a: Args<typeof plan>) => plan(deps, ...a),
    plannedToday: (...a: Args<typeof plannedToday>) => plannedToday(deps, ...a),
    candidates: (...a: Args<typeof candidates>) => candidates(deps, ...a),
    upcoming: (...a: Args<typeof upcoming>) => upcoming(deps, ...a),
    upcomingMany: (...a: Args<typeof upcomingMany>) => upcomingMany(deps, ...a),
  };
}
export type ExamService = ReturnType<typeof createExamService>;
