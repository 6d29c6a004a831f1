import type { FastifyBaseLogger } from "fastify";
import {
  type DocumentKind,
  type ExtractedDocument,
  titleOf,
  type UploadSurface,
} from "#server/integrations/documents/index.ts";
import type { UploadedFile } from "#server/integrations/documents/upload.ts";
import { STUDY_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import type { Infer } from "#shared/http.ts";
import {
  DOCUMENT_TITLE_MAX,
  FOCUS_STATS_TASKS,
  type FocusStats,
  type StudyDocument,
  type StudySession,
  type StudySet,
  type studyEndpoints,
} from "#shared/study/contract.ts";
import { startOfStudyWeek } from "#shared/study/study-stats.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { insertIndexed } from "../chat/indexed-insert.ts";
import type { RetrievalService } from "../chat/retrieval.service.ts";
import { readStoredUpload, type StoredUploads, textOf } from "./stored-upload.ts";
import { readStudyDocumentJob } from "./study.jobs.ts";
import { type NewDocument, studyRepo } from "./study.repo.ts";
import { titleFromText } from "./study-text.ts";

/** The 'Upload File' dialog takes pasted text too (SPEC §5), which a failure may suggest instead. */
export const STUDY_UPLOADS: UploadSurface = { pasteOffered: true };

const storedUploads: StoredUploads = {
  pending: async (db, userId, id) => {
    const upload = await studyRepo.pendingUpload(db, userId, id);
    return upload && { ...upload, courseId: null };
  },
  setProgress: studyRepo.setProgress,
  finish: studyRepo.finishUpload,
  fail: studyRepo.failUpload,
};

type CreateSet = Infer<(typeof studyEndpoints.createSet)["body"]>;
type UpdateSet = Infer<(typeof studyEndpoints.updateSet)["body"]>;
type CreateDocument = Infer<(typeof studyEndpoints.createDocument)["body"]>;
type CreateSession = Infer<(typeof studyEndpoints.createSession)["body"]>;
type SessionInput = Omit<CreateSession, "activityType" | "taskId" | "courseId"> & {
  activityType: "studying" | "focus" | "reviewing";
  taskId?: number | null;
  courseId?: number | null;
};

/**
 * What study needs of tasks and courses for focus sessions (issue 26 §6): whether a linked task or course
 * is the student's (404 otherwise) and the titles the focus stats show. Given by services.ts.
 */
export interface FocusLinks {
  /** The student's tasks among `ids`; another student's are absent. */
  tasks(
    userId: number,
    ids: number[],
  ): Promise<Array<{ id: number; title: string; courseId: number | null }>>;
  courses(userId: number): Promise<Array<{ id: number; name: string }>>;
}

/** Stores a study-set document, chunked for the assistant in the same transaction (see insertIndexed). */
const insertDocument = (
  db: Db,
  retrieval: RetrievalService | undefined,
  userId: number,
  values: NewDocument,
) =>
  insertIndexed(db, retrieval, userId, (tx) => studyRepo.insertDocument(tx, userId, values), {
    source: "study",
    courseId: null,
    content: values.content,
    pages: values.pages,
  });

export interface StudyDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  /** Uploads other than text files are read by a job (study.jobs.ts); absent, nothing can enqueue. */
  jobs?: JobQueue;
  /** Whether a student belongs to a group the set is shared with (the groups feature answers). */
  groups: { canReadSet(userId: number, studySetId: number, tx?: Tx): Promise<boolean> };
  retrieval?: RetrievalService;
  links: FocusLinks;
}

/**
 * READS of a set: its owner, or a member of a group it is shared with. Answers the owner's id, which
 * the owner-scoped queries then use; anyone else gets the same 404 as for a missing set. Writes keep
 * requireOwnedStudySet. `tx`: the caller's transaction, when the check is part of a write.
 */
async function readableStudySet({ db, groups }: StudyDeps, userId: number, studySetId: number, tx?: Tx) {
  const ownerId = await studyRepo.setOwner(tx ?? db, studySetId);
  if (ownerId === undefined) throw notFound("Study set");
  if (ownerId !== userId && !(await groups.canReadSet(userId, studySetId, tx))) throw notFound("Study set");
  return ownerId;
}

/** WRITES to a set: its owner only; another student's set is indistinguishable from none. */
async function requireOwnedStudySet({ db }: StudyDeps, userId: number, studySetId: number): Promise<void> {
  if ((await studyRepo.setOwner(db, studySetId)) !== userId) throw notFound("Study set");
}

/** Announces a changed fact once the write it follows has succeeded. */
async function announce<T>(
  { events }: StudyDeps,
  write: Promise<T>,
  name: "studyset.created" | "document.uploaded",
  userId: number,
) {
  const result = await write;
  await events.emit(name, { userId });
  return result;
}

/**
 * A session's link, checked: a task must be the student's and brings its course; a course named
 * directly must be the student's. Anything else is the same 404 as a missing row.
 */
async function sessionLink(deps: StudyDeps, userId: number, input: SessionInput) {
  const taskId = input.taskId ?? null;
  let courseId = input.courseId ?? null;
  if (input.studySetId !== null) await requireOwnedStudySet(deps, userId, input.studySetId);
  if (taskId !== null) {
    const [task] = await deps.links.tasks(userId, [taskId]);
    if (!task) throw notFound("Task");
    courseId = task.courseId;
  } else if (courseId !== null) {
    const id = courseId;
    if (!(await deps.links.courses(userId)).some((c) => c.id === id)) throw notFound("Course");
  }
  return { studySetId: input.studySetId, taskId, courseId };
}

/** A document to read: its owner's, or one in a set shared with the student; else a 404. */
async function getDocument(deps: StudyDeps, userId: number, id: number): Promise<StudyDocument> {
  const place = await studyRepo.documentPlace(deps.db, id);
  if (!place) throw notFound("Document");
  if (place.userId !== userId) {
    await readableStudySet(deps, userId, place.studySetId).catch(() => {
      throw notFound("Document");
    });
  }
  const doc = await studyRepo.findDocument(deps.db, place.userId, id);
  if (!doc) throw notFound("Document");
  return doc;
}

async function createDocument(deps: StudyDeps, userId: number, studySetId: number, input: CreateDocument) {
  await requireOwnedStudySet(deps, userId, studySetId);
  const values = {
    studySetId,
    title: input.title || titleFromText(input.content),
    content: input.content,
    fileType: "text",
    pages: null,
  };
  return announce(deps, insertDocument(deps.db, deps.retrieval, userId, values), "document.uploaded", userId);
}

/** An uploaded file's extracted text; the caller has read and extracted it (see the route). */
async function addExtracted(
  deps: StudyDeps,
  userId: number,
  studySetId: number,
  title: string,
  document: ExtractedDocument,
) {
  await requireOwnedStudySet(deps, userId, studySetId);
  const values = {
    studySetId,
    title: (title.trim() || document.title || "Untitled document").slice(0, DOCUMENT_TITLE_MAX),
    ...textOf(document),
  };
  return announce(deps, insertDocument(deps.db, deps.retrieval, userId, values), "document.uploaded", userId);
}

/**
 * An uploaded file a job reads (issue 23): stored 'processing' with its bytes, and the job enqueued
 * in the same transaction, so there is never a row without its job or a job without its row.
 */
async function addUpload(
  deps: StudyDeps,
  userId: number,
  studySetId: number,
  title: string,
  file: UploadedFile,
  kind: DocumentKind,
) {
  await requireOwnedStudySet(deps, userId, studySetId);
  if (!deps.jobs) throw new Error("study: no job queue to read uploads with");
  const queue = deps.jobs;
  // Announced at upload, as a text file is: the student sees the unlock as they upload.
  const stored = deps.db.transaction(async (tx) => {
    const doc = await studyRepo.insertDocument(tx, userId, {
      studySetId,
      title: (title.trim() || titleOf(file.fileName)).slice(0, DOCUMENT_TITLE_MAX),
      content: "",
      fileType: kind,
      pages: null,
      status: "processing",
      upload: file.bytes,
      uploadName: file.fileName,
    });
    await queue.enqueue(readStudyDocumentJob, { userId, documentId: doc.id }, { tx });
    return doc;
  });
  return announce(deps, stored, "document.uploaded", userId);
}

/**
 * A finished timer session, a focus block (linked to a task, set or course) or Review's time
 * ('reviewing'); every link, when named, must be the student's.
 */
async function recordSession(deps: StudyDeps, userId: number, input: SessionInput): Promise<StudySession> {
  const link = await sessionLink(deps, userId, input);
  const session = await studyRepo.insertSession(deps.db, userId, {
    ...link,
    activityType: input.activityType,
    durationSeconds: input.duration,
    endedAt: deps.clock.now(),
  });
  await deps.events.emit("session.recorded", { userId });
  return session;
}

/** Focus time per course and per task (the tasks with the most), titled from their features. */
async function focusStats({ db, links }: StudyDeps, userId: number): Promise<FocusStats> {
  const sums = await studyRepo.focusTotals(db, userId, FOCUS_STATS_TASKS);
  const [tasks, courses] = await Promise.all([
    sums.byTask.length
      ? links.tasks(
          userId,
          sums.byTask.map((t) => t.taskId),
        )
      : [],
    sums.byCourse.length ? links.courses(userId) : [],
  ]);
  const taskTitle = new Map(tasks.map((t) => [t.id, t.title]));
  const courseTitle = new Map(courses.map((c) => [c.id, c.name]));
  return {
    totalSeconds: sums.totalSeconds,
    byCourse: sums.byCourse.map((c) => ({ ...c, title: courseTitle.get(c.courseId) ?? "Course" })),
    byTask: sums.byTask.map((t) => ({ ...t, title: taskTitle.get(t.taskId) ?? "Task" })),
  };
}

/** SPEC §3 study stats, summed on the server from recorded sessions only. */
async function stats({ db, clock }: StudyDeps, userId: number, timeZone?: string) {
  const weekStart = startOfStudyWeek(clock.now(), timeZone ?? "UTC");
  const totals = await studyRepo.sessionTotals(db, userId, weekStart);
  return {
    totalHours: Math.round((totals.seconds / 3600) * 1000) / 1000,
    sessionsCount: totals.sessions,
    avgSessionLength: totals.sessions ? Math.round(totals.seconds / totals.sessions) : 0,
    weekSeconds: totals.weekSeconds,
  };
}

/**
 * Study sets, their documents and the study timer's sessions. Every id a request names goes through its
 * owner: another student's set or document answers 404, exactly like one that does not exist.
 */
export function createStudyService(deps: StudyDeps) {
  const { db, retrieval } = deps;
  return {
    readableStudySet: (userId: number, studySetId: number, tx?: Tx): Promise<number> =>
      readableStudySet(deps, userId, studySetId, tx),
    listSets: (userId: number) => studyRepo.listSets(db, userId),
    createSet: (userId: number, input: CreateSet) =>
      announce(
        deps,
        studyRepo.insertSet(db, userId, {
          title: input.title,
          description: input.description,
          color: input.color,
        }),
        "studyset.created",
        userId,
      ),
    async updateSet(userId: number, id: number, input: UpdateSet): Promise<StudySet> {
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const set = await studyRepo.updateSet(db, userId, id, values);
      if (!set) throw notFound("Study set");
      return set;
    },
    async removeSet(userId: number, id: number): Promise<void> {
      if (!(await studyRepo.removeSet(db, userId, id))) throw notFound("Study set");
    },

    async listDocuments(userId: number, studySetId: number) {
      const ownerId = await readableStudySet(deps, userId, studySetId);
      return studyRepo.listDocuments(db, ownerId, studySetId);
    },
    getDocument: (userId: number, id: number) => getDocument(deps, userId, id),
    createDocument: (userId: number, studySetId: number, input: CreateDocument) =>
      createDocument(deps, userId, studySetId, input),
    addExtracted: (userId: number, studySetId: number, title: string, document: ExtractedDocument) =>
      addExtracted(deps, userId, studySetId, title, document),
    addUpload: (userId: number, studySetId: number, title: string, file: UploadedFile, kind: DocumentKind) =>
      addUpload(deps, userId, studySetId, title, file, kind),
    /** The job's work (study.jobs.ts). */
    readUpload: (userId: number, documentId: number, opts: { lastTry: boolean; log: FastifyBaseLogger }) =>
      readStoredUpload({
        db,
        retrieval,
        store: storedUploads,
        source: "study",
        userId,
        documentId,
        accept: STUDY_UPLOAD_EXTENSIONS,
        surface: STUDY_UPLOADS,
        ...opts,
      }),
    /** Checked before extraction, so a file for someone else's set costs no parsing. */
    assertOwnSet: (userId: number, studySetId: number) => requireOwnedStudySet(deps, userId, studySetId),
    async renameDocument(userId: number, id: number, title: string) {
      const doc = await studyRepo.renameDocument(db, userId, id, title);
      if (!doc) throw notFound("Document");
      return doc;
    },
    /** A document to write to: the owner's only (a group member who can read it gets a 404 here). */
    async getOwnDocument(userId: number, id: number): Promise<StudyDocument> {
      const doc = await studyRepo.findDocument(db, userId, id);
      if (!doc) throw notFound("Document");
      return doc;
    },
    /** The card's 'AI Summary' (issue 15): the owner's to write or clear (null); anyone else gets a 404. */
    async setSummary(userId: number, id: number, summary: string | null) {
      const doc = await studyRepo.setSummary(db, userId, id, summary);
      if (!doc) throw notFound("Document");
      return doc;
    },
    async removeDocument(userId: number, id: number): Promise<void> {
      if (!(await studyRepo.removeDocument(db, userId, id))) throw notFound("Document");
    },
    recentDocuments: (userId: number, limit: number) => studyRepo.recentDocuments(db, userId, limit),
    countSets: (userId: number) => studyRepo.countSets(db, userId),
    countDocuments: (userId: number) => studyRepo.countDocuments(db, userId),

    recordSession: (userId: number, input: SessionInput) => recordSession(deps, userId, input),
    focusStats: (userId: number) => focusStats(deps, userId),
    stats: (userId: number, timeZone?: string) => stats(deps, userId, timeZone),
  };
}
export type StudyService = ReturnType<typeof createStudyService>;
