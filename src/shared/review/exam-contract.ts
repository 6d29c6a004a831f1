import { z } from "zod";
import { endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbId, safeText, sensibleDate, timeZoneQuery } from "../schema-primitives.ts";

// Exams and their plans (issue 11, several per set since issue 25 §3): apart from the review queue's
// contract (contract.ts), because Home asks for the upcoming exams on every first load and needs none of
// the queue's, rating's and settings' schemas.

/**
 * How far ahead an exam can be (issue 27 fault 1): two years covers any course, and bounds the plan's work
 * (a date in 2200 was 63,587 plan days built on the main thread).
 */
export const EXAM_MAX_DAYS_AHEAD = 730;

/** Exams one flashcard set may have (issue 25 §3: a midterm, a final, a resit...). */
export const EXAMS_PER_SET_MAX = 20;
export const EXAM_TITLE_MAX = 200;

const examLink = {
  examDate: sensibleDate("Exam date must be an ISO 8601 date-time").nullish(),
  taskId: dbId("Task must be a task id").nullish(),
  eventId: dbId("Event must be a calendar event id").nullish(),
};
const linksGiven = (v: { examDate?: unknown; taskId?: unknown; eventId?: unknown }) =>
  [v.examDate, v.taskId, v.eventId].filter((x) => x !== null && x !== undefined).length;
const PICK_ONE = "Pick one exam: a date, a task or an event";

/**
 * The set's next exam (PUT .../exam, the one-exam-per-set call kept as it was): a date picked, or one of
 * the student's tasks (Canvas assignments) or events; all null removes the next exam.
 */
export const setExamBodySchema = z.object(examLink).refine((v) => linksGiven(v) <= 1, PICK_ONE);

/** The student's own name for an exam; blank clears it (the task's, event's or set's title shows). */
const examTitleSchema = safeText("Title must be text")
  .trim()
  .max(EXAM_TITLE_MAX, `Title must be at most ${EXAM_TITLE_MAX} characters`)
  .nullish()
  .transform((t) => (t ? t : t === undefined ? undefined : null));

/** A new exam of a set: exactly one of a date, a task or an event, and an optional title. */
export const addExamBodySchema = z
  .object({ ...examLink, title: examTitleSchema })
  .refine((v) => linksGiven(v) === 1, PICK_ONE);

/** An exam changed: its title, and/or its date (or the task or event it is). */
export const editExamBodySchema = z
  .object({ ...examLink, title: examTitleSchema })
  .refine((v) => linksGiven(v) <= 1, PICK_ONE)
  .refine((v) => linksGiven(v) === 1 || v.title !== undefined, "Send a new title, date, task or event");

export const examSchema = z.object({
  /** The exam's own id (PATCH and DELETE /api/review/exams/:id). */
  id: z.int(),
  flashcardSetId: z.int(),
  setTitle: z.string(),
  /** The student's title, else the task's or event's, else the set's. */
  examTitle: z.string(),
  /** The title the student gave it, null when none. */
  title: z.string().nullable(),
  examDate: z.string(),
  taskId: z.int().nullable(),
  eventId: z.int().nullable(),
  /** Whether the set's plan aims at this exam: its nearest upcoming one (decision 017). */
  planned: z.boolean(),
  /** Cards the plan puts in today (0 for an exam the plan does not aim at). */
  today: z.int(),
});
export type Exam = z.infer<typeof examSchema>;

export const examPlanSchema = z.object({
  exam: examSchema.nullable(),
  days: z.array(z.object({ date: z.string(), count: z.int() })),
  /** Cards that cannot reach the desired retention by the exam even with the plan. */
  belowTarget: z.int(),
  /**
   * Whether this student may plan an exam on the set: only its owner. A group member reviewing a shared
   * set gets 200 with false (issue 26: not a 404 for an ordinary state).
   */
  canPlan: z.boolean(),
});
export type ExamPlanView = z.infer<typeof examPlanSchema>;

/** An upcoming task (a Canvas assignment, or the student's own) or calendar event a set can be tied to. */
export const examCandidateSchema = z.object({
  kind: z.enum(["task", "event"]),
  id: z.int(),
  title: z.string(),
  date: z.string(),
});
export type ExamCandidate = z.infer<typeof examCandidateSchema>;
/** Candidates per answer: the soonest first; a search narrows them down. */
export const EXAM_CANDIDATES_MAX = 30;

export const examEndpoints = {
  setExam: endpoint({
    method: "PUT",
    path: "/api/review/flashcard-sets/:id/exam",
    params: idParamsSchema,
    body: setExamBodySchema,
    response: z.object({ exam: examSchema.nullable() }),
  }),
  plan: endpoint({
    method: "GET",
    path: "/api/review/flashcard-sets/:id/plan",
    params: idParamsSchema,
    query: z.object({ timeZone: timeZoneQuery }),
    response: examPlanSchema,
  }),
  candidates: endpoint({
    method: "GET",
    path: "/api/review/exam-candidates",
    query: z.object({ q: safeText().trim().max(200, "Search at most 200 characters").optional() }),
    response: z.array(examCandidateSchema),
  }),
  /**
   * Every upcoming exam across the student's sets, soonest first, with today's planned cards on the one
   * each set's plan aims at: the dashboard's 'Review N cards for {exam}' rows and /study/exams.
   */
  exams: endpoint({
    method: "GET",
    path: "/api/review/exams",
    query: z.object({ timeZone: timeZoneQuery }),
    response: z.array(examSchema),
  }),
  /** One set's exams, past ones too, soonest first. */
  setExams: endpoint({
    method: "GET",
    path: "/api/review/flashcard-sets/:id/exams",
    params: idParamsSchema,
    query: z.object({ timeZone: timeZoneQuery }),
    response: z.array(examSchema),
  }),
  addExam: endpoint({
    method: "POST",
    path: "/api/review/flashcard-sets/:id/exams",
    params: idParamsSchema,
    body: addExamBodySchema,
    response: examSchema,
    status: 201,
  }),
  editExam: endpoint({
    method: "PATCH",
    path: "/api/review/exams/:id",
    params: idParamsSchema,
    body: editExamBodySchema,
    response: examSchema,
  }),
  deleteExam: endpoint({
    method: "DELETE",
    path: "/api/review/exams/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
};
