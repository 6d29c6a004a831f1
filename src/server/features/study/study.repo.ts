import { and, asc, count, desc, eq, gte, isNotNull, ne, sql, sum } from "drizzle-orm";
import {
  DOCUMENT_LIST_PREVIEW,
  type DocumentPage,
  type StudyDocument,
  type StudyDocumentSummary,
  type StudySession,
  type StudySet,
} from "#shared/study/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { processingRows } from "../../db/processing-rows.ts";
import { studyDocuments, studySessions, studySets } from "../../db/schema/study.ts";

const setColumns = {
  id: studySets.id,
  userId: studySets.userId,
  title: studySets.title,
  description: studySets.description,
  color: studySets.color,
  createdAt: studySets.createdAt,
};
const toSet = (row: { createdAt: Date } & Omit<StudySet, "createdAt">): StudySet => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

// A list reads only the start of each text (left() in SQL), never megabytes of documents.
const summaryColumns = {
  id: studyDocuments.id,
  studySetId: studyDocuments.studySetId,
  title: studyDocuments.title,
  content: sql<string>`left(${studyDocuments.content}, ${DOCUMENT_LIST_PREVIEW})`,
  truncated: sql<boolean>`char_length(${studyDocuments.content}) > ${DOCUMENT_LIST_PREVIEW}`,
  fileType: studyDocuments.fileType,
  summary: studyDocuments.summary,
  createdAt: studyDocuments.createdAt,
  status: studyDocuments.status,
  progressDone: studyDocuments.progressDone,
  progressTotal: studyDocuments.progressTotal,
  error: studyDocuments.error,
};
const documentColumns = {
  ...summaryColumns,
  content: studyDocuments.content,
  truncated: sql<boolean>`false`,
  pages: studyDocuments.pages,
};
type SummaryRow = Omit<StudyDocumentSummary, "createdAt" | "progress"> & {
  createdAt: Date;
  progressDone: number | null;
  progressTotal: number | null;
};
const toSummary = ({ progressDone, progressTotal, ...row }: SummaryRow): StudyDocumentSummary => ({
  ...row,
  truncated: Boolean(row.truncated),
  createdAt: row.createdAt.toISOString(),
  progress:
    row.status === "processing" && progressTotal !== null
      ? { done: progressDone ?? 0, total: progressTotal }
      : null,
});
const toDocument = (row: SummaryRow & { pages: DocumentPage[] | null }): StudyDocument => ({
  ...toSummary(row),
  pages: row.pages ?? null,
});

const ownDocument = (userId: number, id: number) =>
  and(eq(studyDocuments.userId, userId), eq(studyDocuments.id, id));

export interface NewDocument {
  studySetId: number;
  title: string;
  content: string;
  fileType: string;
  pages: DocumentPage[] | null;
  /** An upload a job reads later (status 'processing'). */
  status?: "processing";
  upload?: Uint8Array;
  uploadName?: string;
}

const uploads = processingRows(studyDocuments);
const { processing } = uploads;

export const studyRepo = {
  /** The owner of a set, whoever asks: for the shared-set read check only. */
  async setOwner(db: DbOrTx, id: number): Promise<number | undefined> {
    const [row] = await db.select({ userId: studySets.userId }).from(studySets).where(eq(studySets.id, id));
    return row?.userId;
  },
  /** A document's owner and set, whoever asks: for the shared-set read check only. */
  async documentPlace(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ userId: studyDocuments.userId, studySetId: studyDocuments.studySetId })
      .from(studyDocuments)
      .where(eq(studyDocuments.id, id));
    return row;
  },
  async listSets(db: DbOrTx, userId: number): Promise<StudySet[]> {
    const rows = await db
      .select(setColumns)
      .from(studySets)
      .where(eq(studySets.userId, userId))
      .orderBy(asc(studySets.id));
    return rows.map(toSet);
  },
  async insertSet(
    db: DbOrTx,
    userId: number,
    values: { title: string; description: string | null; color: string },
  ): Promise<StudySet> {
    const [row] = await db
      .insert(studySets)
      .values({ ...values, userId })
      .returning(setColumns);
    return toSet(row!);
  },
  async updateSet(
    db: DbOrTx,
    userId: number,
    id: number,
    values: Partial<{ title: string; description: string | null; color: string }>,
  ): Promise<StudySet | undefined> {
    const [row] = await db
      .update(studySets)
      .set(values)
      .where(and(eq(studySets.userId, userId), eq(studySets.id, id)))
      .returning(setColumns);
    return row && toSet(row);
  },
  async removeSet(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(studySets)
      .where(and(eq(studySets.userId, userId), eq(studySets.id, id)))
      .returning({ id: studySets.id });
    return rows.length > 0;
  },
  async countSets(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(studySets).where(eq(studySets.userId, userId));
    return row?.n ?? 0;
  },

  async listDocuments(db: DbOrTx, userId: number, studySetId: number): Promise<StudyDocumentSummary[]> {
    const rows = await db
      .select(summaryColumns)
      .from(studyDocuments)
      .where(and(eq(studyDocuments.userId, userId), eq(studyDocuments.studySetId, studySetId)))
      .orderBy(desc(studyDocuments.createdAt), desc(studyDocuments.id));
    return rows.map(toSummary);
  },
  /** The student's newest documents across all sets, with their set's title (no text). */
  async recentDocuments(db: DbOrTx, userId: number, limit: number) {
    const rows = await db
      .select({
        id: studyDocuments.id,
        title: studyDocuments.title,
        fileType: studyDocuments.fileType,
        setTitle: studySets.title,
        createdAt: studyDocuments.createdAt,
      })
      .from(studyDocuments)
      .innerJoin(studySets, eq(studySets.id, studyDocuments.studySetId))
      .where(and(eq(studyDocuments.userId, userId), eq(studyDocuments.status, "ready")))
      .orderBy(desc(studyDocuments.createdAt), desc(studyDocuments.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  },
  async findDocument(db: DbOrTx, userId: number, id: number): Promise<StudyDocument | undefined> {
    const [row] = await db.select(documentColumns).from(studyDocuments).where(ownDocument(userId, id));
    return row && toDocument(row);
  },
  async insertDocument(db: DbOrTx, userId: number, values: NewDocument): Promise<StudyDocument> {
    const [row] = await db
      .insert(studyDocuments)
      .values({ ...values, userId })
      .returning(documentColumns);
    return toDocument(row!);
  },
  async renameDocument(
    db: DbOrTx,
    userId: number,
    id: number,
    title: string,
  ): Promise<StudyDocumentSummary | undefined> {
    const [row] = await db
      .update(studyDocuments)
      .set({ title })
      .where(ownDocument(userId, id))
      .returning(summaryColumns);
    return row && toSummary(row);
  },
  async setSummary(
    db: DbOrTx,
    userId: number,
    id: number,
    summary: string | null,
  ): Promise<StudyDocumentSummary | undefined> {
    const [row] = await db
      .update(studyDocuments)
      .set({ summary })
      .where(ownDocument(userId, id))
      .returning(summaryColumns);
    return row && toSummary(row);
  },
  async removeDocument(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(studyDocuments)
      .where(ownDocument(userId, id))
      .returning({ id: studyDocuments.id });
    return rows.length > 0;
  },
  /** A document still waiting for its job: the stored file, or nothing once it is ready, failed or gone. */
  async pendingUpload(db: DbOrTx, userId: number, id: number) {
    const [row] = await db
      .select({ upload: studyDocuments.upload, uploadName: studyDocuments.uploadName })
      .from(studyDocuments)
      .where(processing(userId, id));
    return row?.upload && row.uploadName ? { bytes: row.upload, fileName: row.uploadName } : undefined;
  },
  setProgress: uploads.setProgress,
  finishUpload: uploads.finish,
  failUpload: uploads.fail,
  async countDocuments(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(studyDocuments)
      // An upload still being read counts (it was announced when uploaded); one that failed does not.
      .where(and(eq(studyDocuments.userId, userId), ne(studyDocuments.status, "failed")));
    return row?.n ?? 0;
  },

  async insertSession(
    db: DbOrTx,
    userId: number,
    values: {
      studySetId: number | null;
      taskId: number | null;
      courseId: number | null;
      activityType: string;
      durationSeconds: number;
      endedAt: Date;
    },
  ): Promise<StudySession> {
    const [row] = await db
      .insert(studySessions)
      .values({ ...values, userId })
      .returning();
    return {
      id: row!.id,
      studySetId: row!.studySetId,
      taskId: row!.taskId,
      courseId: row!.courseId,
      activityType: row!.activityType,
      duration: row!.durationSeconds,
      endedAt: row!.endedAt.toISOString(),
    };
  },
  /** Focus seconds in all, per course and per task (the `taskLimit` with the most), most first. */
  async focusTotals(db: DbOrTx, userId: number, taskLimit: number) {
    const mine = and(eq(studySessions.userId, userId), eq(studySessions.activityType, "focus"));
    const seconds = sql<number>`coalesce(sum(${studySessions.durationSeconds}), 0)`.mapWith(Number);
    const [total, byCourse, byTask] = await Promise.all([
      db.select({ seconds }).from(studySessions).where(mine),
      db
        .select({ courseId: studySessions.courseId, seconds })
        .from(studySessions)
        .where(and(mine, isNotNull(studySessions.courseId)))
        .groupBy(studySessions.courseId)
        .orderBy(desc(seconds), asc(studySessions.courseId)),
      db
        .select({ taskId: studySessions.taskId, seconds })
        .from(studySessions)
        .where(and(mine, isNotNull(studySessions.taskId)))
        .groupBy(studySessions.taskId)
        .orderBy(desc(seconds), asc(studySessions.taskId))
        .limit(taskLimit),
    ]);
    return {
      totalSeconds: total[0]?.seconds ?? 0,
      byCourse: byCourse.map((r) => ({ courseId: r.courseId!, seconds: r.seconds })),
      byTask: byTask.map((r) => ({ taskId: r.taskId!, seconds: r.seconds })),
    };
  },
  /** Sums of the recorded sessions: all of them, and those that ended on or after `weekStart`. */
  async sessionTotals(db: DbOrTx, userId: number, weekStart: Date) {
    const [row] = await db
      .select({
        sessions: count(),
        seconds: sum(studySessions.durationSeconds).mapWith(Number),
        weekSeconds: sql<number>`coalesce(sum(${studySessions.durationSeconds}) filter (where ${gte(
          studySessions.endedAt,
          weekStart,
        )}), 0)`.mapWith(Number),
      })
      .from(studySessions)
      .where(eq(studySessions.userId, userId));
    return { sessions: row?.sessions ?? 0, seconds: row?.seconds ?? 0, weekSeconds: row?.weekSeconds ?? 0 };
  },
};
