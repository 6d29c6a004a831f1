import { planForExamAsync, type ScheduledCard } from "#server/features/review/exam-plan.ts";
import { newCardState } from "#server/features/review/fsrs.ts";
import { localDay } from "#shared/local-day.ts";
import {
  EXAM_CANDIDATES_MAX,
  EXAM_MAX_DAYS_AHEAD,
  type Exam,
  type ExamCandidate,
  type ExamPlanView,
} from "#shared/review/contract.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound, unprocessable } from "../../lib/errors.ts";
import type { CalendarService } from "../calendar/calendar.service.ts";
import type { FlashcardsService } from "../flashcards/flashcards.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { TasksService } from "../tasks/tasks.service.ts";
import { examRepo } from "./review.repo.ts";

type SetExam = {
  examDate?: string | null | undefined;
  taskId?: number | null | undefined;
  eventId?: number | null | undefined;
};
type SetRow = Awaited<ReturnType<typeof examRepo.setsWithExam>>[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const latestExam = (now: Date) => now.getTime() + EXAM_MAX_DAYS_AHEAD * DAY_MS;
/** An exam a plan can be made for: still ahead, and not further than EXAM_MAX_DAYS_AHEAD. */
const plannable = (date: Date, now: Date) =>
  date.getTime() > now.getTime() && date.getTime() <= latestExam(now);

/** What exam plans read: the exam's linked task or event through their services (see createExamService). */
export interface ExamDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  tasks: TasksService;
  calendar: CalendarService;
  /** Whether a set the student does not own is one they may read (a group's shared set). */
  flashcards: Pick<FlashcardsService, "readableSet">;
}

/** The exam's current date and title; a linked task or event that lost its date falls back to the stored one. */
async function resolve({ tasks, calendar }: ExamDeps, userId: number, rows: SetRow[]) {
  const needTasks = rows.some((r) => r.examTaskId !== null);
  const needEvents = rows.some((r) => r.examEventId !== null);
  const [taskList, eventList] = await Promise.all([
    needTasks ? tasks.list(userId) : [],
    needEvents ? calendar.events(userId) : [],
  ]);
  return rows.flatMap((r) => {
    const task = r.examTaskId === null ? undefined : taskList.find((t) => t.id === r.examTaskId);
    const event = r.examEventId === null ? undefined : eventList.find((e) => e.id === r.examEventId);
    const date = task?.dueDate ?? event?.date ?? r.examDate?.toISOString();
    if (!date) return [];
    return [{ row: r, title: task?.title ?? event?.title ?? r.title, date: new Date(date) }];
  });
}

async function makePlan(
  { db, clock, settings }: ExamDeps,
  userId: number,
  row: SetRow,
  title: string,
  date: Date,
  timeZone: string,
  todayOnly = false,
) {
  const now = clock.now();
  const { desiredRetention, newCardsPerDay } = await settings.getReview(userId);
  const cards: ScheduledCard[] = (await examRepo.setCards(db, userId, row.id, now)).map((c) => ({
    id: c.id,
    ...(c.state ?? newCardState(now)),
  }));
  const result = await planForExamAsync(
    cards,
    date,
    now,
    desiredRetention,
    timeZone,
    newCardsPerDay,
    todayOnly,
  );
  const exam: Exam = {
    flashcardSetId: row.id,
    setTitle: row.title,
    examTitle: title,
    examDate: date.toISOString(),
    taskId: row.examTaskId,
    eventId: row.examEventId,
    today: result.days[0]?.date === localDay(now, timeZone) ? result.days[0].cardIds.length : 0,
  };
  return { exam, result };
}

async function ownRow({ db }: ExamDeps, userId: number, setId: number) {
  const [row] = await examRepo.setsWithExam(db, userId, setId);
  if (!row) throw notFound("Flashcard set");
  return row;
}

/** The date the exam is on: the given one, or the linked task's due date or event's date. */
async function examDateOf({ tasks, calendar }: ExamDeps, userId: number, input: SetExam) {
  let examDate = input.examDate ? new Date(input.examDate) : null;
  if (input.taskId) {
    const task = (await tasks.list(userId)).find((t) => t.id === input.taskId);
    if (!task) throw notFound("Task");
    if (!task.dueDate) throw notFound("Task due date");
    examDate = new Date(task.dueDate);
  }
  if (input.eventId) {
    const event = (await calendar.events(userId)).find((e) => e.id === input.eventId);
    if (!event) throw notFound("Event");
    examDate = new Date(event.date);
  }
  return examDate;
}

async function setExam(deps: ExamDeps, userId: number, setId: number, input: SetExam, timeZone = "UTC") {
  const { db, clock } = deps;
  await ownRow(deps, userId, setId);
  const examDate = await examDateOf(deps, userId, input);
  // Checked before anything is written: a refused date leaves the existing exam and plan as they were.
  if (examDate) {
    const now = clock.now();
    if (examDate.getTime() <= now.getTime())
      throw unprocessable("The exam date is in the past. Pick a date that is still ahead.");
    if (examDate.getTime() > latestExam(now))
      throw unprocessable(
        `The exam date is more than 2 years ahead. Pick a date within ${EXAM_MAX_DAYS_AHEAD} days.`,
      );
  }
  await examRepo.setExam(db, userId, setId, {
    examDate,
    examTaskId: input.taskId ?? null,
    examEventId: input.eventId ?? null,
  });
  const row = await ownRow(deps, userId, setId);
  const [resolved] = await resolve(deps, userId, [row]);
  if (!resolved) return { exam: null };
  return { exam: (await makePlan(deps, userId, row, resolved.title, resolved.date, timeZone, true)).exam };
}

async function planView(
  deps: ExamDeps,
  userId: number,
  setId: number,
  timeZone = "UTC",
): Promise<ExamPlanView> {
  const [row] = await examRepo.setsWithExam(deps.db, userId, setId);
  if (!row) {
    // Not the student's own: a shared set they can read has no plan for them (a 200 state, not a
    // 404 on every Review visit); any other set is not found.
    await deps.flashcards.readableSet(userId, setId);
    return { exam: null, days: [], belowTarget: 0, canPlan: false };
  }
  const [resolved] = await resolve(deps, userId, [row]);
  // A task or event moved past the bound later (a Canvas date) gets no plan rather than a huge one.
  if (!resolved || !plannable(resolved.date, deps.clock.now()))
    return { exam: null, days: [], belowTarget: 0, canPlan: true };
  const { exam, result } = await makePlan(deps, userId, row, resolved.title, resolved.date, timeZone);
  return {
    exam,
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
  const rows = await examRepo.setsWithExam(deps.db, userId, setId);
  const upcoming = (await resolve(deps, userId, rows)).filter((r) => plannable(r.date, now));
  const ids: number[] = [];
  for (const r of upcoming) {
    const { result } = await makePlan(deps, userId, r.row, r.title, r.date, timeZone, true);
    const today = result.days[0];
    if (today?.date === localDay(now, timeZone)) ids.push(...today.cardIds);
  }
  return ids;
}

/** The student's upcoming dated tasks (Canvas assignments included) and events, soonest first. */
async function candidates(
  { clock, tasks, calendar }: ExamDeps,
  userId: number,
  search = "",
): Promise<ExamCandidate[]> {
  const now = clock.now().getTime();
  const needle = search.trim().toLocaleLowerCase();
  const [taskList, eventList] = await Promise.all([tasks.list(userId), calendar.events(userId)]);
  const all: ExamCandidate[] = [
    ...taskList.flatMap((t) =>
      t.dueDate && !t.completed ? [{ kind: "task" as const, id: t.id, title: t.title, date: t.dueDate }] : [],
    ),
    ...eventList.map((e) => ({ kind: "event" as const, id: e.id, title: e.title, date: e.date })),
  ];
  return all
    .filter((c) => new Date(c.date).getTime() > now && c.title.toLocaleLowerCase().includes(needle))
    .sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime() || a.id - b.id)
    .slice(0, EXAM_CANDIDATES_MAX);
}

/** Upcoming exams, soonest first, each with the cards its plan puts in today. */
async function upcoming(deps: ExamDeps, userId: number, timeZone = "UTC"): Promise<Exam[]> {
  const now = deps.clock.now();
  const resolved = await resolve(deps, userId, await examRepo.setsWithExam(deps.db, userId));
  const ahead = resolved
    .filter((r) => plannable(r.date, now))
    .sort((a, b) => a.date.getTime() - b.date.getTime());
  const exams: Exam[] = [];
  for (const r of ahead)
    exams.push((await makePlan(deps, userId, r.row, r.title, r.date, timeZone, true)).exam);
  return exams;
}

/**
 * Exam plans (issue 11): a flashcard set tied to a date, or to a task (Canvas assignment) or event of the
 * student's, read through those features' services so a Canvas date that moves moves the plan. The plan
 * is computed afresh on every read from the cards' current state (planForExam), never stored.
 */
export function createExamService(deps: ExamDeps) {
  return {
    setExam: (userId: number, setId: number, input: SetExam, timeZone?: string) =>
      setExam(deps, userId, setId, input, timeZone),
    plan: (userId: number, setId: number, timeZone?: string) => planView(deps, userId, setId, timeZone),
    plannedToday: (userId: number, timeZone?: string, setId?: number) =>
      plannedToday(deps, userId, timeZone, setId),
    candidates: (userId: number, search?: string) => candidates(deps, userId, search),
    upcoming: (userId: number, timeZone?: string) => upcoming(deps, userId, timeZone),
  };
}
export type ExamService = ReturnType<typeof createExamService>;
