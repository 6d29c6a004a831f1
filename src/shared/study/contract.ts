import { z } from "zod";
import { DEFAULT_STUDY_SET_COLOR, MAX_SESSION_SECONDS } from "../constants.ts";
import { claimedUserId, endpoint, idParamsSchema, okSchema, userIdQuerySchema } from "../http.ts";
import { dbId, dbIdParam, requiredText, safeText, timeZoneQuery } from "../schema-primitives.ts";
import { studyDocumentSummarySchema } from "./document-summary.ts";

/** SPEC §3 StudySet. */
export const studySetSchema = z.object({
  id: z.int(),
  userId: z.int(),
  title: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  createdAt: z.string(),
});
export type StudySet = z.infer<typeof studySetSchema>;

export const STUDY_SET_TITLE_MAX = 200;
export const STUDY_DESCRIPTION_MAX = 2000;
export const DOCUMENT_TITLE_MAX = 300;
/** About 500 pages of text: a pasted document beyond it belongs in an upload. */
export const PASTED_CONTENT_MAX = 1_000_000;
/** What a document list sends of each document's text: enough for the card's three clamped lines. */
export const DOCUMENT_LIST_PREVIEW = 400;

const hexColor = z
  .string("Colour must be a hex colour like #3B82F6")
  .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour like #3B82F6");

export const createStudySetSchema = z.object({
  userId: claimedUserId,
  title: safeText("Study set title is required")
    .trim()
    .min(1, "Study set title is required")
    .max(STUDY_SET_TITLE_MAX, `Study set title must be at most ${STUDY_SET_TITLE_MAX} characters`),
  // An empty description is no description (SPEC §3: nullable).
  description: safeText()
    .trim()
    .max(STUDY_DESCRIPTION_MAX, `Description must be at most ${STUDY_DESCRIPTION_MAX} characters`)
    .nullish()
    .transform((d) => d || null),
  color: hexColor.default(DEFAULT_STUDY_SET_COLOR).transform((c) => c.toUpperCase()),
});
export type CreateStudySetInput = z.input<typeof createStudySetSchema>;

/** Rename, describe or recolour a study set (issue 25 §6): any of the three, at least one. */
export const updateStudySetSchema = z
  .object({
    title: createStudySetSchema.shape.title,
    description: createStudySetSchema.shape.description,
    color: hexColor.transform((c) => c.toUpperCase()),
  })
  .partial()
  .refine(
    (v) => v.title !== undefined || v.description !== undefined || v.color !== undefined,
    "Send a title, description or colour to change",
  );
export type UpdateStudySetInput = z.input<typeof updateStudySetSchema>;

/** A PDF page's place in the document's content: characters [start, end) of `content`. */
export const documentPageSchema = z.object({
  page: z.int(),
  start: z.int(),
  end: z.int(),
});
export type DocumentPage = z.infer<typeof documentPageSchema>;

export {
  DOCUMENT_STATUSES,
  type DocumentStatus,
  documentProcessingFields,
  type StudyDocumentSummary,
  studyDocumentSummarySchema,
} from "./document-summary.ts";

/** One document with its whole text and, for a PDF, where each page lies in it. */
export const studyDocumentSchema = studyDocumentSummarySchema.extend({
  pages: z.array(documentPageSchema).nullable(),
});
export type StudyDocument = z.infer<typeof studyDocumentSchema>;

const documentTitle = safeText()
  .trim()
  .max(DOCUMENT_TITLE_MAX, `Document title must be at most ${DOCUMENT_TITLE_MAX} characters`);

export const createDocumentSchema = z.object({
  userId: claimedUserId,
  /** Optional: a blank title becomes the text's first line. */
  title: documentTitle.default(""),
  content: requiredText("Document content is required").max(
    PASTED_CONTENT_MAX,
    "This text is too long to paste. Upload it as a file instead.",
  ),
});
export type CreateDocumentInput = z.input<typeof createDocumentSchema>;

export const renameDocumentSchema = z.object({
  title: documentTitle.min(1, "Document title is required"),
});

/** SPEC §7 POST /api/study/stats/track: one finished timer session. */
export const trackStudySchema = z.object({
  userId: claimedUserId,
  studySetId: dbId("Study set is required"),
  activityType: z.literal("studying", "activityType must be 'studying'").default("studying"),
  duration: z
    .number("Duration must be a whole number of seconds")
    .int("Duration must be a whole number of seconds")
    .positive("Duration must be a whole number of seconds")
    .max(MAX_SESSION_SECONDS, "A session can last at most 12 hours"),
});
export type TrackStudyInput = z.input<typeof trackStudySchema>;

/** What a session was: the Study Center's activity timer, or a Pomodoro work block (issue 26 §6). */
export const SESSION_KINDS = ["studying", "focus"] as const;

/**
 * SPEC §7 POST /api/study/sessions: a session, with or without a set. The focus timer links its work
 * blocks to one task, study set or course (issue 26 §6); a task's course is taken from the task.
 */
export const createSessionSchema = trackStudySchema
  .extend({
    studySetId: dbId("Study set must be a study set id").nullable().default(null),
    taskId: dbId("Task must be a task id").nullable().default(null),
    courseId: dbId("Course must be a course id").nullable().default(null),
    activityType: z.enum(SESSION_KINDS, "activityType must be 'studying' or 'focus'").default("studying"),
  })
  .refine(
    (s) => [s.studySetId, s.taskId, s.courseId].filter((id) => id !== null).length <= 1,
    "A session is linked to one task, study set or course at most",
  );

export const studySessionSchema = z.object({
  id: z.int(),
  studySetId: z.int().nullable(),
  taskId: z.int().nullable(),
  courseId: z.int().nullable(),
  activityType: z.string(),
  duration: z.int(),
  endedAt: z.string(),
});
export type StudySession = z.infer<typeof studySessionSchema>;

export const studyStatsSchema = z.object({
  totalHours: z.number(),
  sessionsCount: z.int(),
  /** seconds */
  avgSessionLength: z.int(),
  /** seconds since Monday 00:00 in the student's zone */
  weekSeconds: z.int(),
});

/** Focus time (Pomodoro work blocks) summed per course and per task, most first (issue 26 §6). */
export const focusStatsSchema = z.object({
  /** seconds */
  totalSeconds: z.int(),
  byCourse: z.array(z.object({ courseId: z.int(), title: z.string(), seconds: z.int() })),
  byTask: z.array(z.object({ taskId: z.int(), title: z.string(), seconds: z.int() })),
});
export type FocusStats = z.infer<typeof focusStatsSchema>;
/** The per-task list shows the tasks with the most focus time; the rest are in the total. */
export const FOCUS_STATS_TASKS = 10;

export const studyStatsParamsSchema = z.object({ userId: dbIdParam("userId must be an id") });
export const studyStatsQuerySchema = z.object({
  /** The browser's IANA zone, so 'This Week' starts on the student's Monday; UTC when absent. */
  timeZone: timeZoneQuery,
});

const setParams = idParamsSchema;

export const studyEndpoints = {
  listSets: endpoint({
    method: "GET",
    path: "/api/study/sets",
    query: userIdQuerySchema,
    response: z.array(studySetSchema),
  }),
  createSet: endpoint({
    method: "POST",
    path: "/api/study/sets",
    body: createStudySetSchema,
    response: studySetSchema,
    status: 201,
  }),
  /** Rename, describe or recolour (issue 25 §6); PUT takes the same body. */
  updateSet: endpoint({
    method: "PATCH",
    path: "/api/study/sets/:id",
    params: setParams,
    body: updateStudySetSchema,
    response: studySetSchema,
  }),
  removeSet: endpoint({
    method: "DELETE",
    path: "/api/study/sets/:id",
    params: setParams,
    response: okSchema,
  }),
  listDocuments: endpoint({
    method: "GET",
    path: "/api/study/sets/:id/documents",
    params: setParams,
    response: z.array(studyDocumentSummarySchema),
  }),
  createDocument: endpoint({
    method: "POST",
    path: "/api/study/sets/:id/documents",
    params: setParams,
    body: createDocumentSchema,
    response: studyDocumentSchema,
    status: 201,
  }),
  /** Multipart (file, title): read by readUpload, so no body schema here. */
  uploadDocument: endpoint({
    method: "POST",
    path: "/api/study/sets/:id/documents/upload",
    params: setParams,
    response: studyDocumentSchema,
    status: 201,
  }),
  getDocument: endpoint({
    method: "GET",
    path: "/api/study/documents/:id",
    params: idParamsSchema,
    response: studyDocumentSchema,
  }),
  renameDocument: endpoint({
    method: "PATCH",
    path: "/api/study/documents/:id",
    params: idParamsSchema,
    body: renameDocumentSchema,
    response: studyDocumentSummarySchema,
  }),
  removeDocument: endpoint({
    method: "DELETE",
    path: "/api/study/documents/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
  stats: endpoint({
    method: "GET",
    path: "/api/study/stats/:userId",
    params: studyStatsParamsSchema,
    query: studyStatsQuerySchema,
    response: studyStatsSchema,
  }),
  focusStats: endpoint({
    method: "GET",
    path: "/api/study/focus-stats",
    response: focusStatsSchema,
  }),
  track: endpoint({
    method: "POST",
    path: "/api/study/stats/track",
    body: trackStudySchema,
    response: studySessionSchema,
    status: 201,
  }),
  createSession: endpoint({
    method: "POST",
    path: "/api/study/sessions",
    body: createSessionSchema,
    response: studySessionSchema,
    status: 201,
  }),
};
