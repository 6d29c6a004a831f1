import { and, asc, eq, sql } from "drizzle-orm";
import type { StudyMode, StudySession } from "#shared/flashcards/study-modes.ts";
import type { DbOrTx } from "../../db/client.ts";
import { flashcardStars, flashcards, studyModeSessions } from "../../db/schema/flashcards.ts";

// Sessions and stars are the caller's own rows (user_id is the student, never the set's owner): the
// service has checked that the student may read the set before any of these run.

const sessionColumns = {
  mode: studyModeSessions.mode,
  state: studyModeSessions.state,
  version: studyModeSessions.version,
  updatedAt: studyModeSessions.updatedAt,
};
type SessionRow = { mode: string; state: Record<string, unknown>; version: number; updatedAt: Date };
const toSession = (row: SessionRow): StudySession => ({
  ...row,
  mode: row.mode as StudyMode,
  updatedAt: row.updatedAt.toISOString(),
});

const ownSession = (userId: number, setId: number, mode: StudyMode) =>
  and(
    eq(studyModeSessions.userId, userId),
    eq(studyModeSessions.flashcardSetId, setId),
    eq(studyModeSessions.mode, mode),
  );

export const studyModesRepo = {
  async findSession(db: DbOrTx, userId: number, setId: number, mode: StudyMode) {
    const [row] = await db
      .select(sessionColumns)
      .from(studyModeSessions)
      .where(ownSession(userId, setId, mode));
    return row && toSession(row);
  },

  /** The first save: stored unless another device saved first (then nothing, and the caller answers 409). */
  async insertSession(
    db: DbOrTx,
    userId: number,
    setId: number,
    mode: StudyMode,
    state: Record<string, unknown>,
  ) {
    const [row] = await db
      .insert(studyModeSessions)
      .values({ userId, flashcardSetId: setId, mode, state, version: 1 })
      .onConflictDoNothing()
      .returning(sessionColumns);
    return row && toSession(row);
  },

  /** A later save, only from the stored version (compare-and-set in one statement). */
  async updateSession(
    db: DbOrTx,
    userId: number,
    setId: number,
    mode: StudyMode,
    state: Record<string, unknown>,
    version: number,
  ) {
    const [row] = await db
      .update(studyModeSessions)
      .set({ state, version: sql`${studyModeSessions.version} + 1` })
      .where(and(ownSession(userId, setId, mode), eq(studyModeSessions.version, version)))
      .returning(sessionColumns);
    return row && toSession(row);
  },

  async starredIds(db: DbOrTx, userId: number, setId: number): Promise<number[]> {
    const rows = await db
      .select({ id: flashcardStars.flashcardId })
      .from(flashcardStars)
      .where(and(eq(flashcardStars.userId, userId), eq(flashcardStars.flashcardSetId, setId)))
      .orderBy(asc(flashcardStars.flashcardId));
    return rows.map((r) => r.id);
  },

  async star(db: DbOrTx, userId: number, card: { id: number; flashcardSetId: number }) {
    await db
      .insert(flashcardStars)
      .values({ userId, flashcardId: card.id, flashcardSetId: card.flashcardSetId })
      .onConflictDoNothing();
  },

  async unstar(db: DbOrTx, userId: number, cardId: number) {
    await db
      .delete(flashcardStars)
      .where(and(eq(flashcardStars.userId, userId), eq(flashcardStars.flashcardId, cardId)));
  },

  /** A card's set, whoever asks: for the read check only. */
  async cardPlace(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ id: flashcards.id, flashcardSetId: flashcards.flashcardSetId })
      .from(flashcards)
      .where(eq(flashcards.id, id));
    return row;
  },
};
