import { and, asc, count, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { CardState, ReviewLogEntry } from "#shared/review.ts";
import type { DbOrTx } from "../../db/client.ts";
import { cardReviews, cardStates, flashcardSets, flashcards } from "../../db/schema/study.ts";

// A card is reviewed by a student who owns it (flashcards.user_id); its schedule for that student is the
// card_states row, absent while the card is new. Every query names the student in both tables.

const stateColumns = {
  due: cardStates.due,
  stability: cardStates.stability,
  difficulty: cardStates.difficulty,
  elapsedDays: cardStates.elapsedDays,
  scheduledDays: cardStates.scheduledDays,
  learningSteps: cardStates.learningSteps,
  reps: cardStates.reps,
  lapses: cardStates.lapses,
  state: cardStates.state,
  lastReview: cardStates.lastReview,
};

const cardColumns = {
  id: flashcards.id,
  flashcardSetId: flashcards.flashcardSetId,
  setTitle: flashcardSets.title,
  question: flashcards.question,
  answer: flashcards.answer,
  hint: flashcards.hint,
};

const stateJoin = (userId: number) =>
  and(eq(cardStates.flashcardId, flashcards.id), eq(cardStates.userId, userId));
const inSet = (setId?: number) => (setId === undefined ? undefined : eq(flashcards.flashcardSetId, setId));

export type StoredState = CardState & { state: 0 | 1 | 2 | 3 };
const asState = <T extends { state: number }>(row: T) => row as T & { state: 0 | 1 | 2 | 3 };

export const reviewRepo = {
  /** Reviews due by `at`, oldest first: the (user_id, due) index answers it. */
  dueCards(db: DbOrTx, userId: number, at: Date, limit: number, setId?: number) {
    return db
      .select({ ...cardColumns, ...stateColumns })
      .from(cardStates)
      .innerJoin(flashcards, eq(flashcards.id, cardStates.flashcardId))
      .innerJoin(flashcardSets, eq(flashcardSets.id, flashcards.flashcardSetId))
      .where(
        and(
          eq(cardStates.userId, userId),
          lte(cardStates.due, at),
          eq(flashcards.userId, userId),
          inSet(setId),
        ),
      )
      .orderBy(asc(cardStates.due), asc(cardStates.flashcardId))
      .limit(limit)
      .then((rows) => rows.map(asState));
  },

  async countDue(db: DbOrTx, userId: number, at: Date, setId?: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(cardStates)
      .innerJoin(flashcards, eq(flashcards.id, cardStates.flashcardId))
      .where(
        and(
          eq(cardStates.userId, userId),
          lte(cardStates.due, at),
          eq(flashcards.userId, userId),
          inSet(setId),
        ),
      );
    return row?.n ?? 0;
  },

  /** Cards the student has never rated, in the order they were added. */
  newCards(db: DbOrTx, userId: number, limit: number, setId?: number) {
    return db
      .select(cardColumns)
      .from(flashcards)
      .innerJoin(flashcardSets, eq(flashcardSets.id, flashcards.flashcardSetId))
      .leftJoin(cardStates, stateJoin(userId))
      .where(and(eq(flashcards.userId, userId), isNull(cardStates.flashcardId), inSet(setId)))
      .orderBy(asc(flashcards.id))
      .limit(limit);
  },

  async countNew(db: DbOrTx, userId: number, setId?: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(flashcards)
      .leftJoin(cardStates, stateJoin(userId))
      .where(and(eq(flashcards.userId, userId), isNull(cardStates.flashcardId), inSet(setId)));
    return row?.n ?? 0;
  },

  /** New cards started since `since`: ratings whose card was New before them (undone ones are gone). */
  async countStartedSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(cardReviews)
      .where(
        and(eq(cardReviews.userId, userId), eq(cardReviews.state, 0), gte(cardReviews.reviewedAt, since)),
      );
    return row?.n ?? 0;
  },

  /** The card (the student's own) and its state, locked for the rating. */
  async cardForUpdate(db: DbOrTx, userId: number, cardId: number) {
    const [card] = await db
      .select({ id: flashcards.id })
      .from(flashcards)
      .where(and(eq(flashcards.id, cardId), eq(flashcards.userId, userId)))
      .for("update");
    if (!card) return undefined;
    const [state] = await db
      .select(stateColumns)
      .from(cardStates)
      .where(and(eq(cardStates.userId, userId), eq(cardStates.flashcardId, cardId)));
    return { id: card.id, state: state ? asState(state) : null };
  },

  async saveState(db: DbOrTx, userId: number, flashcardId: number, state: CardState) {
    await db
      .insert(cardStates)
      .values({ userId, flashcardId, ...state })
      .onConflictDoUpdate({ target: [cardStates.userId, cardStates.flashcardId], set: state });
  },

  async removeState(db: DbOrTx, userId: number, flashcardId: number) {
    await db
      .delete(cardStates)
      .where(and(eq(cardStates.userId, userId), eq(cardStates.flashcardId, flashcardId)));
  },

  async insertReview(db: DbOrTx, userId: number, flashcardId: number, log: ReviewLogEntry): Promise<number> {
    const [row] = await db
      .insert(cardReviews)
      .values({ userId, flashcardId, ...log })
      .returning({ id: cardReviews.id });
    return row!.id;
  },

  /** A review of the student's with whether it is its card's latest (only that one can be undone). */
  async findReview(db: DbOrTx, userId: number, reviewId: number) {
    const [row] = await db
      .select({
        id: cardReviews.id,
        flashcardId: cardReviews.flashcardId,
        rating: cardReviews.rating,
        state: cardReviews.state,
        due: cardReviews.due,
        stability: cardReviews.stability,
        difficulty: cardReviews.difficulty,
        elapsedDays: cardReviews.elapsedDays,
        lastElapsedDays: cardReviews.lastElapsedDays,
        scheduledDays: cardReviews.scheduledDays,
        learningSteps: cardReviews.learningSteps,
        reviewedAt: cardReviews.reviewedAt,
        latest: sql<number>`(select max(r.id) from ${cardReviews} r where r.flashcard_id = ${cardReviews.flashcardId} and r.user_id = ${userId})`,
      })
      .from(cardReviews)
      .where(and(eq(cardReviews.id, reviewId), eq(cardReviews.userId, userId)));
    return row;
  },

  async removeReview(db: DbOrTx, userId: number, reviewId: number) {
    await db.delete(cardReviews).where(and(eq(cardReviews.id, reviewId), eq(cardReviews.userId, userId)));
  },

  /** Every overdue state of the student's cards (for spreading a backlog). */
  overdue(db: DbOrTx, userId: number, at: Date, setId?: number) {
    return db
      .select({ id: cardStates.flashcardId, ...stateColumns })
      .from(cardStates)
      .innerJoin(flashcards, eq(flashcards.id, cardStates.flashcardId))
      .where(
        and(
          eq(cardStates.userId, userId),
          lte(cardStates.due, at),
          eq(flashcards.userId, userId),
          inSet(setId),
        ),
      )
      .then((rows) => rows.map(asState));
  },

  async moveDue(db: DbOrTx, userId: number, flashcardId: number, due: Date) {
    await db
      .update(cardStates)
      .set({ due })
      .where(and(eq(cardStates.userId, userId), eq(cardStates.flashcardId, flashcardId)));
  },

  async insertCards(
    db: DbOrTx,
    userId: number,
    flashcardSetId: number,
    cards: { question: string; answer: string; hint: string | null }[],
  ) {
    for (let i = 0; i < cards.length; i += 500) {
      await db
        .insert(flashcards)
        .values(cards.slice(i, i + 500).map((c) => ({ ...c, userId, flashcardSetId })));
    }
  },
};

export const examRepo = {
  setsWithExam(db: DbOrTx, userId: number, setId?: number) {
    return db
      .select({
        id: flashcardSets.id,
        title: flashcardSets.title,
        examDate: flashcardSets.examDate,
        examTaskId: flashcardSets.examTaskId,
        examEventId: flashcardSets.examEventId,
      })
      .from(flashcardSets)
      .where(
        and(
          eq(flashcardSets.userId, userId),
          setId === undefined ? sql`${flashcardSets.examDate} is not null` : eq(flashcardSets.id, setId),
        ),
      )
      .orderBy(asc(flashcardSets.examDate));
  },

  async setExam(
    db: DbOrTx,
    userId: number,
    setId: number,
    values: { examDate: Date | null; examTaskId: number | null; examEventId: number | null },
  ) {
    await db
      .update(flashcardSets)
      .set(values)
      .where(and(eq(flashcardSets.userId, userId), eq(flashcardSets.id, setId)));
  },

  /** Every card of a set with the student's state (null while new), in the order they were added. */
  setCards(db: DbOrTx, userId: number, setId: number) {
    return db
      .select({ id: flashcards.id, ...stateColumns, hasState: cardStates.flashcardId })
      .from(flashcards)
      .leftJoin(cardStates, stateJoin(userId))
      .where(and(eq(flashcards.userId, userId), eq(flashcards.flashcardSetId, setId)))
      .orderBy(asc(flashcards.id));
  },
};
