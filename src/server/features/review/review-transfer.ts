import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CardSchedule, ReviewEvent } from "#shared/flashcards/card-model.ts";
import type { CardState } from "#shared/review/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { cardReviews, cardStates } from "../../db/schema/review.ts";

/**
 * Review state carried in and out of a package (issue 25 §5, an .apkg with scheduling): the student's
 * card_states and card_reviews of many rows at once. Rows go in batches: an Anki collection is tens of
 * thousands of cards and hundreds of thousands of reviews.
 */

export type ScheduleIn = { flashcardId: number; schedule: CardSchedule };

const BATCH = 1000;
const int = (n: number) => Math.round(n);

const stateRow = (userId: number, flashcardId: number, s: CardState) => ({
  userId,
  flashcardId,
  due: s.due,
  stability: s.stability,
  difficulty: s.difficulty,
  elapsedDays: int(s.elapsedDays),
  scheduledDays: int(s.scheduledDays),
  learningSteps: int(s.learningSteps),
  reps: s.reps,
  lapses: s.lapses,
  state: s.state,
  lastReview: s.lastReview,
});

const reviewRow = (userId: number, flashcardId: number, h: ReviewEvent) => ({
  userId,
  flashcardId,
  rating: h.rating,
  state: h.state,
  due: h.due,
  stability: h.stability,
  difficulty: h.difficulty,
  elapsedDays: int(h.elapsedDays),
  lastElapsedDays: int(h.lastElapsedDays),
  scheduledDays: int(h.scheduledDays),
  learningSteps: int(h.learningSteps),
  reviewedAt: h.reviewedAt,
});

/**
 * Writes imported schedules for `userId`. A row the student has already reviewed more recently than the
 * package keeps its state (re-importing an old export never rolls progress back); otherwise the
 * package's state replaces it and the reviews after the student's last one are added to the log.
 * Answers how many reviews were written.
 */
export async function importSchedules(tx: DbOrTx, userId: number, items: ScheduleIn[]): Promise<number> {
  const started = items.filter((i) => i.schedule.history.length > 0 || i.schedule.state.state !== 0);
  const known = new Map<number, Date | null>();
  for (let i = 0; i < started.length; i += BATCH) {
    const ids = started.slice(i, i + BATCH).map((s) => s.flashcardId);
    const rows = await tx
      .select({ id: cardStates.flashcardId, lastReview: cardStates.lastReview })
      .from(cardStates)
      .where(and(eq(cardStates.userId, userId), inArray(cardStates.flashcardId, ids)));
    for (const r of rows) known.set(r.id, r.lastReview);
  }
  const states: ReturnType<typeof stateRow>[] = [];
  const reviews: ReturnType<typeof reviewRow>[] = [];
  for (const { flashcardId, schedule } of started) {
    const since = known.get(flashcardId);
    const last = schedule.state.lastReview;
    if (known.has(flashcardId) && (!last || (since && since >= last))) continue;
    states.push(stateRow(userId, flashcardId, schedule.state));
    for (const h of schedule.history)
      if (!since || h.reviewedAt > since) reviews.push(reviewRow(userId, flashcardId, h));
  }
  for (let i = 0; i < states.length; i += BATCH) {
    const batch = states.slice(i, i + BATCH);
    await tx
      .insert(cardStates)
      .values(batch)
      .onConflictDoUpdate({
        target: [cardStates.userId, cardStates.flashcardId],
        set: {
          due: sql`excluded.due`,
          stability: sql`excluded.stability`,
          difficulty: sql`excluded.difficulty`,
          elapsedDays: sql`excluded.elapsed_days`,
          scheduledDays: sql`excluded.scheduled_days`,
          learningSteps: sql`excluded.learning_steps`,
          reps: sql`excluded.reps`,
          lapses: sql`excluded.lapses`,
          state: sql`excluded.state`,
          lastReview: sql`excluded.last_review`,
        },
      });
  }
  for (let i = 0; i < reviews.length; i += BATCH)
    await tx.insert(cardReviews).values(reviews.slice(i, i + BATCH));
  return reviews.length;
}

/** Each row's state and log for `userId` (rows never reviewed are absent): an export's scheduling. */
export async function exportSchedules(
  db: DbOrTx,
  userId: number,
  flashcardIds: number[],
): Promise<Map<number, { state: CardState; history: ReviewEvent[] }>> {
  const out = new Map<number, { state: CardState; history: ReviewEvent[] }>();
  for (let i = 0; i < flashcardIds.length; i += BATCH) {
    const ids = flashcardIds.slice(i, i + BATCH);
    const states = await db
      .select()
      .from(cardStates)
      .where(and(eq(cardStates.userId, userId), inArray(cardStates.flashcardId, ids)));
    for (const { userId: _u, flashcardId, ...s } of states)
      out.set(flashcardId, { state: s as CardState, history: [] });
    const logs = await db
      .select()
      .from(cardReviews)
      .where(and(eq(cardReviews.userId, userId), inArray(cardReviews.flashcardId, ids)))
      .orderBy(asc(cardReviews.reviewedAt), asc(cardReviews.id));
    for (const r of logs) {
      const entry = out.get(r.flashcardId);
      // A log row from before the state rows existed (or an undone card) carries no state: skipped.
      if (!entry || r.due === null || r.stability === null || r.difficulty === null) continue;
      entry.history.push({
        rating: r.rating as ReviewEvent["rating"],
        state: r.state as ReviewEvent["state"],
        due: r.due,
        stability: r.stability,
        difficulty: r.difficulty,
        elapsedDays: r.elapsedDays,
        lastElapsedDays: r.lastElapsedDays ?? 0,
        scheduledDays: r.scheduledDays,
        learningSteps: r.learningSteps ?? 0,
        reviewedAt: r.reviewedAt,
      });
    }
  }
  return out;
}
