import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CardSchedule, ReviewEvent } from "#shared/flashcards/card-model.ts";
import type { CardState } from "#shared/review/contract.ts";
import { arrayOf, type BulkColumn, chunks, insertMany, isoOrNull, rowsOf } from "../../db/bulk.ts";
import type { DbOrTx } from "../../db/client.ts";
import { cardHolds, cardReviews, cardStates } from "../../db/schema/review.ts";
import { holdsRepo } from "./review.repo.ts";

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

const STATE_COLUMNS: BulkColumn[] = [
  ["user_id", "int"],
  ["flashcard_id", "int"],
  ["due", "timestamptz"],
  ["stability", "float8"],
  ["difficulty", "float8"],
  ["elapsed_days", "int"],
  ["scheduled_days", "int"],
  ["learning_steps", "int"],
  ["reps", "int"],
  ["lapses", "int"],
  ["state", "smallint"],
  ["last_review", "timestamptz"],
];

const REVIEW_COLUMNS: BulkColumn[] = [
  ["user_id", "int"],
  ["flashcard_id", "int"],
  ["rating", "smallint"],
  ["state", "smallint"],
  ["due", "timestamptz"],
  ["stability", "float8"],
  ["difficulty", "float8"],
  ["elapsed_days", "int"],
  ["last_elapsed_days", "int"],
  ["scheduled_days", "int"],
  ["learning_steps", "int"],
  ["reviewed_at", "timestamptz"],
];

/** A card_reviews row in the order of REVIEW_COLUMNS: hundreds of thousands in a large import, so no object per row. */
const reviewValues = (userId: number, flashcardId: number, h: ReviewEvent): unknown[] => [
  userId,
  flashcardId,
  h.rating,
  h.state,
  h.due,
  h.stability,
  h.difficulty,
  int(h.elapsedDays),
  int(h.lastElapsedDays),
  int(h.scheduledDays),
  int(h.learningSteps),
  h.reviewedAt,
];

/**
 * Writes imported schedules for `userId`. A row the student has already reviewed more recently than the
 * package keeps its state (re-importing an old export never rolls progress back); otherwise the
 * package's state replaces it and the reviews after the student's last one are added to the log.
 * Answers how many reviews were written.
 */
export async function importSchedules(
  tx: DbOrTx,
  userId: number,
  items: ScheduleIn[],
  /** The rows were inserted by this import: they have no state yet, so none is looked up. */
  { fresh = false }: { fresh?: boolean } = {},
): Promise<number> {
  const started = items.filter((i) => i.schedule.history.length > 0 || i.schedule.state.state !== 0);
  const known = new Map<number, Date | null>();
  if (!fresh)
    for (const b of chunks(started)) {
      const rows = rowsOf<{ id: number; last: string | Date | null }>(
        await tx.execute(sql`select flashcard_id as id, last_review as last from ${cardStates}
        where user_id = ${userId} and flashcard_id = any(${arrayOf(
          b.map((s) => s.flashcardId),
          "int",
        )})`),
      );
      for (const r of rows) known.set(Number(r.id), r.last === null ? null : new Date(r.last));
    }
  const states: ReturnType<typeof stateRow>[] = [];
  const reviews: unknown[][] = [];
  const kept = new Set<number>();
  for (const { flashcardId, schedule } of started) {
    const since = known.get(flashcardId);
    const last = schedule.state.lastReview;
    if (known.has(flashcardId) && (!last || (since && since >= last))) {
      kept.add(flashcardId);
      continue;
    }
    states.push(stateRow(userId, flashcardId, schedule.state));
    for (const h of schedule.history)
      if (!since || h.reviewedAt > since) reviews.push(reviewValues(userId, flashcardId, h));
  }
  // Rows this import has just inserted have no state to conflict with: appended in bulk.
  if (fresh)
    await insertMany(
      tx,
      "card_states",
      STATE_COLUMNS,
      states.map((r) => [
        r.userId,
        r.flashcardId,
        r.due,
        r.stability,
        r.difficulty,
        r.elapsedDays,
        r.scheduledDays,
        r.learningSteps,
        r.reps,
        r.lapses,
        r.state,
        r.lastReview,
      ]),
    );
  else
    for (const b of chunks(states)) {
      const col = (f: (r: (typeof b)[number]) => unknown, type: string) => arrayOf(b.map(f), type);
      await tx.execute(sql`insert into ${cardStates} (user_id, flashcard_id, due, stability, difficulty,
        elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review)
      select ${userId}::int, * from unnest(${col((r) => r.flashcardId, "int")},
        ${col((r) => isoOrNull(r.due), "timestamptz")}, ${col((r) => r.stability, "float8")},
        ${col((r) => r.difficulty, "float8")}, ${col((r) => r.elapsedDays, "int")},
        ${col((r) => r.scheduledDays, "int")}, ${col((r) => r.learningSteps, "int")},
        ${col((r) => r.reps, "int")}, ${col((r) => r.lapses, "int")}, ${col((r) => r.state, "smallint")},
        ${col((r) => isoOrNull(r.lastReview), "timestamptz")})
      on conflict (user_id, flashcard_id) do update set due = excluded.due, stability = excluded.stability,
        difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
        scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps,
        reps = excluded.reps, lapses = excluded.lapses, state = excluded.state,
        last_review = excluded.last_review`);
    }
  await insertMany(tx, "card_reviews", REVIEW_COLUMNS, reviews);
  // A card suspended in Anki (queue -1, often a new card the student chose not to learn) stays out of
  // review here too, unless the student's own, newer state was kept above.
  const suspended = items.flatMap((i) =>
    i.schedule.suspended && !kept.has(i.flashcardId) ? [i.flashcardId] : [],
  );
  for (const b of chunks(suspended)) await holdsRepo.suspend(tx, userId, b, true);
  return reviews.length;
}

export type ExportedSchedule = {
  /** Null for a card never reviewed (it is here because it is suspended). */
  state: CardState | null;
  history: ReviewEvent[];
  suspended: boolean;
};

/**
 * Each row's state, log and suspension for `userId` (rows never reviewed and not suspended are absent):
 * an export's scheduling.
 */
export async function exportSchedules(
  db: DbOrTx,
  userId: number,
  flashcardIds: number[],
): Promise<Map<number, ExportedSchedule>> {
  const out = new Map<number, ExportedSchedule>();
  for (let i = 0; i < flashcardIds.length; i += BATCH) {
    const ids = flashcardIds.slice(i, i + BATCH);
    const states = await db
      .select()
      .from(cardStates)
      .where(and(eq(cardStates.userId, userId), inArray(cardStates.flashcardId, ids)));
    for (const { userId: _u, flashcardId, ...s } of states)
      out.set(flashcardId, { state: s as CardState, history: [], suspended: false });
    const held = await db
      .select({ flashcardId: cardHolds.flashcardId })
      .from(cardHolds)
      .where(
        and(eq(cardHolds.userId, userId), inArray(cardHolds.flashcardId, ids), eq(cardHolds.suspended, true)),
      );
    for (const { flashcardId } of held) {
      const entry = out.get(flashcardId);
      if (entry) entry.suspended = true;
      else out.set(flashcardId, { state: null, history: [], suspended: true });
    }
    const logs = await db
      .select()
      .from(cardReviews)
      .where(and(eq(cardReviews.userId, userId), inArray(cardReviews.flashcardId, ids)))
      .orderBy(asc(cardReviews.reviewedAt), asc(cardReviews.id));
    for (const r of logs) {
      const entry = out.get(r.flashcardId);
      // A log row from before the state rows existed (or an undone card) carries no state: skipped.
      if (!entry?.state || r.due === null || r.stability === null || r.difficulty === null) continue;
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
