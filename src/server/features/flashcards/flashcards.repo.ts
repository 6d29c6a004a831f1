import { and, asc, count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Flashcard, FlashcardSet, QuizAttempt } from "#shared/flashcards/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { flashcardSets, flashcards, quizAttempts } from "../../db/schema/flashcards.ts";

// Every query is scoped by owner: user_id is copied onto each row from its (checked) parent, so an id of
// another student's set or card matches nothing and reads as "not found".

const cardColumns = {
  id: flashcards.id,
  flashcardSetId: flashcards.flashcardSetId,
  question: flashcards.question,
  answer: flashcards.answer,
  hint: flashcards.hint,
  tags: flashcards.tags,
  type: flashcards.type,
  ord: flashcards.ord,
  guid: flashcards.guid,
};

const setColumns = {
  id: flashcardSets.id,
  studySetId: flashcardSets.studySetId,
  title: flashcardSets.title,
  description: flashcardSets.description,
  color: flashcardSets.color,
  createdAt: flashcardSets.createdAt,
};
type SetRow = { [K in keyof typeof setColumns]: (typeof flashcardSets.$inferSelect)[K] };

const toSet = (row: SetRow, cardCount: number, noteCount: number): FlashcardSet => ({
  ...row,
  cardCount,
  noteCount,
  createdAt: row.createdAt.toISOString(),
});

/** Siblings share a guid; a row without one is a note of its own. */
const noteCount = sql<number>`count(distinct coalesce(${flashcards.guid}, ${flashcards.id}::text))`.mapWith(
  Number,
);

const ownSet = (userId: number, id: number) =>
  and(eq(flashcardSets.userId, userId), eq(flashcardSets.id, id));
const ownCard = (userId: number, id: number) => and(eq(flashcards.userId, userId), eq(flashcards.id, id));

export const flashcardsRepo = {
  /** A flashcard set's owner and study set, whoever asks: for the shared-set read check only. */
  async setPlace(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ userId: flashcardSets.userId, studySetId: flashcardSets.studySetId })
      .from(flashcardSets)
      .where(eq(flashcardSets.id, id));
    return row;
  },
  async listSets(db: DbOrTx, userId: number, studySetId: number): Promise<FlashcardSet[]> {
    const rows = await db
      .select({ ...setColumns, cardCount: count(flashcards.id), noteCount })
      .from(flashcardSets)
      .leftJoin(flashcards, eq(flashcards.flashcardSetId, flashcardSets.id))
      .where(and(eq(flashcardSets.userId, userId), eq(flashcardSets.studySetId, studySetId)))
      .groupBy(flashcardSets.id)
      .orderBy(asc(flashcardSets.id));
    return rows.map(({ cardCount, noteCount, ...row }) => toSet(row, cardCount, noteCount));
  },

  async findSet(db: DbOrTx, userId: number, id: number): Promise<FlashcardSet | undefined> {
    const [row] = await db
      .select({ ...setColumns, cardCount: count(flashcards.id), noteCount })
      .from(flashcardSets)
      .leftJoin(flashcards, eq(flashcards.flashcardSetId, flashcardSets.id))
      .where(ownSet(userId, id))
      .groupBy(flashcardSets.id);
    return row && toSet(row, row.cardCount, row.noteCount);
  },

  async insertSet(
    db: DbOrTx,
    userId: number,
    values: { studySetId: number; title: string; description: string | null },
  ): Promise<FlashcardSet> {
    const [row] = await db
      .insert(flashcardSets)
      .values({ ...values, userId })
      .returning(setColumns);
    return toSet(row!, 0, 0);
  },

  async updateSet(
    db: DbOrTx,
    userId: number,
    id: number,
    values: Partial<{ title: string; description: string | null; color: string | null }>,
  ): Promise<boolean> {
    const rows = await db
      .update(flashcardSets)
      .set(values)
      .where(ownSet(userId, id))
      .returning({ id: flashcardSets.id });
    return rows.length > 0;
  },

  async removeSet(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db.delete(flashcardSets).where(ownSet(userId, id)).returning({ id: flashcardSets.id });
    return rows.length > 0;
  },

  listCards(db: DbOrTx, userId: number, flashcardSetId: number): Promise<Flashcard[]> {
    return db
      .select(cardColumns)
      .from(flashcards)
      .where(and(eq(flashcards.userId, userId), eq(flashcards.flashcardSetId, flashcardSetId)))
      .orderBy(asc(flashcards.id));
  },

  listStudySetCards(db: DbOrTx, userId: number, studySetId: number): Promise<Flashcard[]> {
    return db
      .select(cardColumns)
      .from(flashcards)
      .innerJoin(flashcardSets, eq(flashcardSets.id, flashcards.flashcardSetId))
      .where(and(eq(flashcardSets.userId, userId), eq(flashcardSets.studySetId, studySetId)))
      .orderBy(asc(flashcardSets.id), asc(flashcards.id));
  },

  async countCards(db: DbOrTx, flashcardSetId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(flashcards)
      .where(eq(flashcards.flashcardSetId, flashcardSetId));
    return row?.n ?? 0;
  },

  async insertCard(
    db: DbOrTx,
    userId: number,
    values: {
      flashcardSetId: number;
      question: string;
      answer: string;
      hint: string | null;
      tags?: string[] | undefined;
      type?: string;
      ord?: number;
      guid?: string | null;
    },
  ): Promise<Flashcard> {
    const [row] = await db
      .insert(flashcards)
      .values({ ...values, userId })
      .returning(cardColumns);
    return row!;
  },

  /** A row and its siblings (the rows of its note, decision 015), by ord; a row without a guid alone. */
  async note(db: DbOrTx, userId: number, id: number): Promise<Flashcard[]> {
    const [row] = await db.select(cardColumns).from(flashcards).where(ownCard(userId, id));
    if (!row) return [];
    if (!row.guid) return [row];
    return db
      .select(cardColumns)
      .from(flashcards)
      .where(
        and(
          eq(flashcards.userId, userId),
          eq(flashcards.flashcardSetId, row.flashcardSetId),
          eq(flashcards.guid, row.guid),
        ),
      )
      .orderBy(asc(flashcards.ord), asc(flashcards.id));
  },

  /** The same texts on several rows (a note's siblings) in one statement. */
  async updateRows(
    db: DbOrTx,
    userId: number,
    ids: number[],
    values: Partial<{
      question: string;
      answer: string;
      hint: string | null;
      tags: string[];
      type: string;
      guid: string | null;
    }>,
  ): Promise<void> {
    if (ids.length === 0 || Object.keys(values).length === 0) return;
    await db
      .update(flashcards)
      .set(values)
      .where(and(eq(flashcards.userId, userId), inArray(flashcards.id, ids)));
  },

  async removeRows(db: DbOrTx, userId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.delete(flashcards).where(and(eq(flashcards.userId, userId), inArray(flashcards.id, ids)));
  },

  async insertCards(
    db: DbOrTx,
    userId: number,
    flashcardSetId: number,
    cards: {
      question: string;
      answer: string;
      hint: string | null;
      tags?: string[];
      type?: string;
      ord?: number;
      guid?: string | null;
    }[],
  ) {
    for (let i = 0; i < cards.length; i += 500) {
      await db
        .insert(flashcards)
        .values(cards.slice(i, i + 500).map((c) => ({ ...c, userId, flashcardSetId })));
    }
  },
  /** Which of these card ids name a card (in any set): the rest were deleted or never were. */
  async existingCardIds(db: DbOrTx, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db.select({ id: flashcards.id }).from(flashcards).where(inArray(flashcards.id, ids));
    return rows.map((r) => r.id);
  },
  async insertAttempt(
    db: DbOrTx,
    userId: number,
    values: { flashcardSetId: number; correct: number; total: number },
  ): Promise<QuizAttempt> {
    const { userId: _owner, ...columns } = getTableColumns(quizAttempts);
    const [row] = await db
      .insert(quizAttempts)
      .values({ ...values, userId })
      .returning(columns);
    return { ...row!, createdAt: row!.createdAt.toISOString() };
  },
};

/**
 * Of `ids`, the student's cards together with their siblings (decision 015): a note's tags and set are
 * the note's, so a bulk move or retag of one of its cards takes the whole note.
 */
const notesOf = (userId: number, ids: number[]) =>
  and(
    eq(flashcards.userId, userId),
    sql`(${flashcards.id} in ${ids} or (${flashcards.guid} is not null and (${flashcards.flashcardSetId}, ${flashcards.guid}) in (select n.flashcard_set_id, n.guid from ${flashcards} n where n.id in ${ids} and n.user_id = ${userId})))`,
  );

/** The card browser's bulk edits (issue 25 §3), on cards the caller has checked are the student's. */
export const cardBulkRepo = {
  async move(db: DbOrTx, userId: number, ids: number[], flashcardSetId: number): Promise<number> {
    const rows = await db
      .update(flashcards)
      .set({ flashcardSetId })
      .where(notesOf(userId, ids))
      .returning({ id: flashcards.id });
    return rows.length;
  },
  /** How many cards a move would bring into the set (those already in it stay). */
  async incoming(db: DbOrTx, userId: number, ids: number[], flashcardSetId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(flashcards)
      .where(and(notesOf(userId, ids), sql`${flashcards.flashcardSetId} <> ${flashcardSetId}`));
    return row?.n ?? 0;
  },
  async remove(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
    const rows = await db
      .delete(flashcards)
      .where(and(eq(flashcards.userId, userId), inArray(flashcards.id, ids)))
      .returning({ id: flashcards.id });
    return rows.length;
  },
  async addTag(db: DbOrTx, userId: number, ids: number[], tag: string): Promise<number> {
    const rows = await db
      .update(flashcards)
      .set({ tags: sql`array_append(${flashcards.tags}, ${tag}::text)` })
      .where(and(notesOf(userId, ids), sql`not (${tag}::text = any(${flashcards.tags}))`))
      .returning({ id: flashcards.id });
    return rows.length;
  },
  async removeTag(db: DbOrTx, userId: number, ids: number[], tag: string): Promise<number> {
    const rows = await db
      .update(flashcards)
      .set({ tags: sql`array_remove(${flashcards.tags}, ${tag}::text)` })
      .where(and(notesOf(userId, ids), sql`${tag}::text = any(${flashcards.tags})`))
      .returning({ id: flashcards.id });
    return rows.length;
  },
};
