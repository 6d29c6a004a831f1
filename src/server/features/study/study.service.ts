import type { ExtractedDocument } from "#server/integrations/documents/index.ts";
import type { Infer } from "#shared/http.ts";
import {
  DOCUMENT_TITLE_MAX,
  PASTED_CONTENT_MAX,
  type StudyDocument,
  type StudySession,
  type studyEndpoints,
} from "#shared/study.ts";
import { startOfStudyWeek } from "#shared/study-stats.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { requireOwnedStudySet } from "./owned-set.ts";
import { type NewDocument, studyRepo } from "./study.repo.ts";
import { pageRanges, titleFromText } from "./study-text.ts";

type CreateSet = Infer<(typeof studyEndpoints.createSet)["body"]>;
type CreateDocument = Infer<(typeof studyEndpoints.createDocument)["body"]>;
type CreateSession = Infer<(typeof studyEndpoints.createSession)["body"]>;

/** PostgreSQL program_limit_exceeded (54000), e.g. a text whose search vector passes its 1 MB limit. */
function isProgramLimit(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown } | undefined;
  while (e && e.code !== "54000" && e.cause) e = e.cause as typeof e;
  return e?.code === "54000";
}

/**
 * Stores a document; a text too varied to index (its search vector over PostgreSQL's 1 MB limit: long
 * lists of codes or ids rather than prose) is the student's 422, never a 500.
 */
async function insertDocument(db: Db, userId: number, values: NewDocument, upload: boolean) {
  try {
    return await studyRepo.insertDocument(db, userId, values);
  } catch (err) {
    if (!isProgramLimit(err)) throw err;
    throw new AppError(
      422,
      upload ? "file_too_complex" : "unprocessable",
      "This text is too long to keep as one document. Split it into smaller parts and add them one by one.",
    );
  }
}

/**
 * Study sets, their documents and the study timer's sessions. Every id a request names goes through its
 * owner: another student's set or document answers 404, exactly like one that does not exist.
 */
export function createStudyService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    listSets: (userId: number) => studyRepo.listSets(db, userId),
    createSet: (userId: number, input: CreateSet) =>
      studyRepo.insertSet(db, userId, {
        title: input.title,
        description: input.description,
        color: input.color,
      }),
    async removeSet(userId: number, id: number): Promise<void> {
      if (!(await studyRepo.removeSet(db, userId, id))) throw notFound("Study set");
    },

    async listDocuments(userId: number, studySetId: number) {
      await requireOwnedStudySet(db, userId, studySetId);
      return studyRepo.listDocuments(db, userId, studySetId);
    },
    async getDocument(userId: number, id: number): Promise<StudyDocument> {
      const doc = await studyRepo.findDocument(db, userId, id);
      if (!doc) throw notFound("Document");
      return doc;
    },
    async createDocument(userId: number, studySetId: number, input: CreateDocument) {
      await requireOwnedStudySet(db, userId, studySetId);
      const values = {
        studySetId,
        title: input.title || titleFromText(input.content),
        content: input.content,
        fileType: "text",
        pages: null,
      };
      return insertDocument(db, userId, values, false);
    },
    /** An uploaded file's extracted text; the caller has read and extracted it (see the route). */
    async addExtracted(userId: number, studySetId: number, title: string, document: ExtractedDocument) {
      await requireOwnedStudySet(db, userId, studySetId);
      const paged = document.kind === "pdf" || document.kind === "pptx";
      const values = {
        studySetId,
        title: (title.trim() || document.title || "Untitled document").slice(0, DOCUMENT_TITLE_MAX),
        content: document.text,
        fileType: document.kind,
        pages: paged ? pageRanges(document.pages) : null,
      };
      return insertDocument(db, userId, values, true);
    },
    /** Checked before extraction, so a file for someone else's set costs no parsing. */
    assertOwnSet: (userId: number, studySetId: number) => requireOwnedStudySet(db, userId, studySetId),
    async renameDocument(userId: number, id: number, title: string) {
      const doc = await studyRepo.renameDocument(db, userId, id, title);
      if (!doc) throw notFound("Document");
      return doc;
    },
    async removeDocument(userId: number, id: number): Promise<void> {
      if (!(await studyRepo.removeDocument(db, userId, id))) throw notFound("Document");
    },
    countSets: (userId: number) => studyRepo.countSets(db, userId),
    countDocuments: (userId: number) => studyRepo.countDocuments(db, userId),

    /** A finished timer session (or Review's time, 'reviewing'); the set, when named, must be the student's. */
    async recordSession(
      userId: number,
      input: Omit<CreateSession, "activityType"> & { activityType: "studying" | "reviewing" },
    ): Promise<StudySession> {
      if (input.studySetId !== null) await requireOwnedStudySet(db, userId, input.studySetId);
      return studyRepo.insertSession(db, userId, {
        studySetId: input.studySetId,
        activityType: input.activityType,
        durationSeconds: input.duration,
        endedAt: clock.now(),
      });
    },

    /** SPEC §3 study stats, summed on the server from recorded sessions only. */
    async stats(userId: number, timeZone?: string) {
      const weekStart = startOfStudyWeek(clock.now(), timeZone ?? "UTC");
      const totals = await studyRepo.sessionTotals(db, userId, weekStart);
      return {
        totalHours: Math.round((totals.seconds / 3600) * 1000) / 1000,
        sessionsCount: totals.sessions,
        avgSessionLength: totals.sessions ? Math.round(totals.seconds / totals.sessions) : 0,
        weekSeconds: totals.weekSeconds,
      };
    },
  };
}
export type StudyService = ReturnType<typeof createStudyService>;

/** Longer than any study document may be (about 500 pages): split it or paste a part. */
export const MAX_DOCUMENT_CHARS = PASTED_CONTENT_MAX;
