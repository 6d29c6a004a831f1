import { and, asc, count, eq, gt, inArray, isNull, lte, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { TypedQueryBuilder } from "drizzle-orm/query-builders/query-builder";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { CardState, ReviewLogEntry } from "#server/features/review/fsrs.ts";
import type { DbOrTx } from "../../db/client.ts";
import { rowsOf } from "../../db/prepared.ts";
import { rawRows } from "../../db/raw.ts";
import { flashcardSetExams, flashcardSets, flashcards } from "../../db/schema/flashcards.ts";
import { cardHolds, cardReviews, cardStates, reviewPreferences } from "../../db/schema/review.ts";
import { userSettings } from "../../db/schema/settings.ts";

// A student's schedule for a card is their card_states row, absent while the card is new to them. The
// card is theirs, or (issue 13) the owner's card in a set shared with a group they belong to: the service
// checks that access and names the owner; every query here names both.

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
  type: flashcards.type,
  ord: flashcards.ord,
};

/**
 * Whose schedule and which cards: `userId` reviews on their own card_states rows; the cards are all of
 * theirs, or one set's (`setId`, owned by `ownerId`, the reviewer unless the set is shared with them).
 */
export type QueueScope = {
  userId: number;
  setId?: number | undefined;
  ownerId?: number | undefined;
  /** Leave out the cards the student suspended, or buried past this time (issue 25 §3). */
  activeAt?: Date | undefined;
};

/**
 * The student's suspended cards and those buried past `at` are not in review. `not in` rather than `not
 * exists`: PostgreSQL reads the student's holds once into a hash and probes it per card, where it planned
 * the `not exists` as a rescan of card_holds per card (a third of the queue's count, 10,000 due cards in
 * bench:review). card_holds.flashcard_id is never null, so `not in` means the same.
 */
const notHeld = (userId: number, at: Date) =>
  sql`${flashcards.id} not in (select ${cardHolds.flashcardId} from ${cardHolds} where ${cardHolds.userId} = ${userId} and (${cardHolds.suspended} or ${cardHolds.buriedUntil} > ${at}))`;

/**
 * An interday learning card (Anki's v3 scheduler): a learning or relearning card due on a later day, in the
 * student's zone, than it was last shown (a step of a day or more). Maximum reviews/day limits these as it
 * does reviews; intraday steps are free.
 */
const interdayLearning = (timeZone: string) =>
  sql`(${cardStates.state} in (1, 3) and coalesce((${cardStates.due} at time zone ${timeZone})::date > (${cardStates.lastReview} at time zone ${timeZone})::date, false))`;

/**
 * A rating of an interday learning card, from its log row: `due` there is the card's last review before
 * the rating and `previous_due` its due date (null on rows logged before it was kept: not counted).
 */
const interdayLearningRating = (timeZone: string) =>
  sql`(${cardReviews.state} in (1, 3) and coalesce((${cardReviews.previousDue} at time zone ${timeZone})::date > (${cardReviews.due} at time zone ${timeZone})::date, false))`;

/** Which of the scope's cards: reviews due by a time, cards new to the student, named cards, or all. */
export type QueuePick =
  | { dueBy: Date; state?: "review" | { learning: "intraday" | "interday"; timeZone: string } | undefined }
  | { dueBetween: [Date, Date] }
  | { isNew: true; except?: number[] | undefined }
  | { ids: number[] };

function pickWhere(pick?: QueuePick): SQL | undefined {
  if (!pick) return undefined;
  if ("dueBy" in pick)
    return and(
      lte(cardStates.due, pick.dueBy),
      pick.state === undefined
        ? undefined
        : pick.state === "review"
          ? eq(cardStates.state, 2)
          : pick.state.learning === "interday"
            ? interdayLearning(pick.state.timeZone)
            : and(ne(cardStates.state, 2), sql`not ${interdayLearning(pick.state.timeZone)}`),
    );
  if ("dueBetween" in pick)
    return and(gt(cardStates.due, pick.dueBetween[0]), lte(cardStates.due, pick.dueBetween[1]));
  if ("ids" in pick) return inArray(flashcards.id, pick.ids);
  return and(
    isNull(cardStates.flashcardId),
    pick.except?.length ? notInArray(flashcards.id, pick.except) : undefined,
  );
}

/**
 * The one query every queue read is built on: the scope's cards with the student's state, left joined so
 * new cards come back with none (a due pick makes it an inner join for the planner, which then walks
 * card_states (user_id, due) in order). `order`: "due" oldest first, "added" in the order cards were made.
 * The row type trusts the caller: state columns are null unless the pick is due or the row has a state.
 */
function queueSelect(
  db: DbOrTx,
  fields: SelectedFields,
  scope: QueueScope,
  pick?: QueuePick,
  opts: { order?: "due" | "added"; limit?: number } = {},
) {
  const cards =
    scope.setId === undefined
      ? eq(flashcards.userId, scope.userId)
      : and(eq(flashcards.userId, scope.ownerId ?? scope.userId), eq(flashcards.flashcardSetId, scope.setId));
  const q = db
    .select(fields)
    .from(flashcards)
    // Left, though every card has a set: a query that reads nothing of the set (the counts) then skips
    // the join altogether, where an inner join would look up the set of every counted card.
    .leftJoin(flashcardSets, eq(flashcardSets.id, flashcards.flashcardSetId))
    .leftJoin(cardStates, and(eq(cardStates.flashcardId, flashcards.id), eq(cardStates.userId, scope.userId)))
    .where(and(cards, pickWhere(pick), scope.activeAt ? notHeld(scope.userId, scope.activeAt) : undefined))
    .$dynamic();
  if (opts.order === "due") q.orderBy(asc(cardStates.due), asc(cardStates.flashcardId));
  if (opts.order === "added") q.orderBy(asc(flashcards.id));
  if (opts.limit !== undefined) q.limit(opts.limit);
  return q;
}

function queueQuery<T extends SelectedFields>(
  db: DbOrTx,
  fields: T,
  scope: QueueScope,
  pick?: QueuePick,
  opts: { order?: "due" | "added"; limit?: number } = {},
): PromiseLike<SelectResultFields<T>[]> & { toSQL(): { sql: string; params: unknown[] } } {
  const q = queueSelect(db, fields, scope, pick, opts);
  type Rows = SelectResultFields<T>[];
  // Run when awaited, as Drizzle's own builder is, and without PGlite's per-query parsers (rowsOf).
  return {
    // biome-ignore lint/suspicious/noThenProperty: a lazy query, awaited like Drizzle's builder
    then: (ok, fail) =>
      rowsOf(q as unknown as { prepare(n: string): { execute(): Promise<Rows> } }).then(ok, fail),
    toSQL: () => q.toSQL(),
  } as PromiseLike<Rows> & { toSQL(): { sql: string; params: unknown[] } };
}

export type StoredState = Omit<CardState, "state"> & { state: 0 | 1 | 2 | 3 };
/** A stored state's columns, or null for a card new to the student (no card_states row). */
function stateOrNull<T extends { hasState: number | null }>({ hasState, ...row }: T) {
  return hasState === null ? null : (row as unknown as StoredState);
}
/** ts-fsrs's State is 0-3; the column is a smallint. */
const asStored = <T extends { state: number }>(row: T) => row as Omit<T, "state"> & { state: 0 | 1 | 2 | 3 };
const withState = { ...stateColumns, hasState: cardStates.flashcardId };

const DAY_MS = 86_400_000;

// The rating's two statements (review-rating.ts), as SQL text (db/raw.ts) and named: on every rating
// they cost what the database does to run them, not Drizzle's SQL building nor the parsing and planning
// of the same text again (bench:review). Both read and write one student's rows by key, a plan that
// does not depend on the values.

/**
 * reviewRepo.cardForRating's locking read: the card (locked), its owner and study set, the reviewer's
 * state of it (`hasState` null while the card is new to them), and what they schedule with.
 */
const RATING_READ = `select f.user_id as "ownerId", s.study_set_id as "studySetId", c.due, c.stability,
    c.difficulty, c.elapsed_days as "elapsedDays", c.scheduled_days as "scheduledDays",
    c.learning_steps as "learningSteps", c.reps, c.lapses, c.state, c.last_review as "lastReview",
    c.flashcard_id as "hasState", u.desired_retention as "desiredRetention", u.time_zone as "timeZone",
    p.user_id as "hasPreferences", p.bury_siblings as "burySiblings", p.easy_days as "easyDays", p.weights,
    coalesce(h.suspended, false) as suspended
  from flashcards f
  join flashcard_sets s on s.id = f.flashcard_set_id
  left join card_states c on c.flashcard_id = f.id and c.user_id = $1
  left join card_holds h on h.flashcard_id = f.id and h.user_id = $1
  left join user_settings u on u.user_id = $1
  left join review_preferences p on p.user_id = $1
  where f.id = $2
  for update of f`;

/**
 * reviewRepo.saveRating's one statement: the day the card falls due, then its new state, then the log row.
 * The day is the load balancer's (issue 25 §3, Anki's): of the days `$min`..`$max` FSRS's fuzz allows,
 * the one with the fewest of the student's cards due (day d is [at + d days, at + d + 1 days)), an Easy
 * Day (`$easy`: '1' at d - min) counting its cards twice and half a card more, the nearest to FSRS's own
 * interval on a tie, then the earlier. With min = max = the interval and an empty count range the card
 * keeps FSRS's due. load-balance.ts's balancedInterval is the same rule in TypeScript (tested against this).
 * SQL text (db/raw.ts): the choice and the writes in one round trip, which Drizzle's builder cannot say.
 */
const RATING_WRITE = `with loads as (
    select floor(extract(epoch from (due - $3::timestamptz)) / 86400)::int as day, count(*)::int as n
    from card_states where user_id = $1 and due >= $4::timestamptz and due < $5::timestamptz group by 1
  ), chosen as (
    select coalesce((
      select d from generate_series($6::int, $7::int) d left join loads on loads.day = d
      order by coalesce(loads.n, 0) * case when substr($8::text, d - $6::int + 1, 1) = '1' then 2 else 1 end
        + case when substr($8::text, d - $6::int + 1, 1) = '1' then 0.5 else 0 end, abs(d - $9::int), d
      limit 1), $9::int) as days
  ), saved as (
    insert into card_states (user_id, flashcard_id, due, stability, difficulty, elapsed_days, scheduled_days,
      learning_steps, reps, lapses, state, last_review)
    values ($1, $2, $10::timestamptz + ((select days from chosen) - $9::int) * interval '86400 seconds', $11, $12,
      $13, (select days from chosen), $14, $15, $16, $17, $18)
    on conflict (user_id, flashcard_id) do update set due = excluded.due, stability = excluded.stability,
      difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
      scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps, reps = excluded.reps,
      lapses = excluded.lapses, state = excluded.state, last_review = excluded.last_review
    returning due, scheduled_days
  )
  insert into card_reviews (user_id, flashcard_id, rating, state, due, stability, difficulty, elapsed_days,
    last_elapsed_days, scheduled_days, learning_steps, reviewed_at, client_id, next_due, next_state,
    previous_due)
  select $1, $2, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, saved.due, $17, $30 from saved
  returning id, next_due as "nextDue", (select scheduled_days from saved) as "scheduledDays"`;

/** Which days a rating may move its card to (load-balance.ts): none for a card FSRS keeps as it is. */
export type Balance = { min: number; max: number; easy: string } | null;

export const reviewRepo = {
  /** Reviews due by `at`, oldest first: the (user_id, due) index answers it (EXPLAIN in bench:review). */
  dueQuery: (db: DbOrTx, scope: QueueScope, at: Date, limit: number) =>
    queueQuery(db, { ...cardColumns, ...stateColumns }, scope, { dueBy: at }, { order: "due", limit }),

  dueCards(db: DbOrTx, scope: QueueScope, at: Date, limit: number) {
    return reviewRepo.dueQuery(db, scope, at, limit).then((rows) => rows.map(asStored));
  },

  /**
   * The due cards of a student past Maximum reviews/day: every intraday learning step due, and only the
   * oldest `caps.interdayLearning` interday learning cards and `caps.reviews` review cards (the rest
   * wait), oldest due first, `limit` in all. Days in `timeZone`.
   */
  async dueCardsCapped(
    db: DbOrTx,
    scope: QueueScope,
    at: Date,
    limit: number,
    caps: { interdayLearning: number; reviews: number },
    timeZone: string,
  ) {
    const pick = (state: "review" | "intraday" | "interday", n: number) =>
      n > 0
        ? queueQuery(
            db,
            { ...cardColumns, ...stateColumns },
            scope,
            { dueBy: at, state: state === "review" ? state : { learning: state, timeZone } },
            { order: "due", limit: n },
          )
        : Promise.resolve([]);
    const [intraday, interday, review] = await Promise.all([
      pick("intraday", limit),
      pick("interday", Math.min(caps.interdayLearning, limit)),
      pick("review", Math.min(caps.reviews, limit)),
    ]);
    return [...intraday, ...interday, ...review]
      .sort((a, b) => a.due.getTime() - b.due.getTime() || a.id - b.id)
      .slice(0, limit)
      .map(asStored);
  },

  /**
   * Everything the queue shows beside its cards, in one scan of the scope's cards with the student's
   * states (one hash join, where a count of due cards and one of new cards were two): reviews due by
   * `at`, of those the ones due by `overdueBy` (the backlog), when the next card not due at `at` falls
   * due by `until` (a learning step later today), the cards new to the student and the new cards they
   * started since `since` (ratings whose card was New before them; undone ones are gone). Beside them
   * what the queue schedules with: the retention target and daily new cards (null until the student
   * saves settings), their fitted FSRS weights (null unless fitted), and whether they have any exam
   * (whose plans add today's cards).
   */
  async queueCounts(
    db: DbOrTx,
    scope: QueueScope,
    times: { at: Date; overdueBy: Date; until: Date; since: Date; timeZone: string },
  ) {
    const { at, overdueBy, until, since, timeZone } = times;
    const { userId } = scope;
    // The scan's counts as one row, joined once to the student's settings and review preferences: each
    // setting read by a subselect of its own was a lookup of the same row per setting.
    const countFields = {
      due: sql<number>`count(*) filter (where ${cardStates.due} <= ${at})`.as("due"),
      // Of them, review cards: Maximum reviews/day limits these, not learning steps.
      dueReviews:
        sql<number>`count(*) filter (where ${cardStates.due} <= ${at} and ${cardStates.state} = 2)`.as(
          "dueReviews",
        ),
      // And interday learning cards, which it limits too.
      dueInterday:
        sql<number>`count(*) filter (where ${cardStates.due} <= ${at} and ${interdayLearning(timeZone)})`.as(
          "dueInterday",
        ),
      overdue: sql<number>`count(*) filter (where ${cardStates.due} <= ${overdueBy})`.as("overdue"),
      next: sql<
        string | Date | null
      >`min(${cardStates.due}) filter (where ${cardStates.due} > ${at} and ${cardStates.due} <= ${until})`.as(
        "next",
      ),
      unseen: sql<number>`count(*) filter (where ${cardStates.flashcardId} is null)`.as("unseen"),
      started:
        sql<number>`(select count(*) from ${cardReviews} where ${cardReviews.userId} = ${userId} and ${cardReviews.state} = 0 and ${cardReviews.reviewedAt} >= ${since})`.as(
          "started",
        ),
      // Review and interday learning cards rated since `since` (a lapse relearns intraday, so once each).
      reviewed:
        sql<number>`(select count(*) from ${cardReviews} where ${cardReviews.userId} = ${userId} and (${cardReviews.state} = 2 or ${interdayLearningRating(timeZone)}) and ${cardReviews.reviewedAt} >= ${since})`.as(
          "reviewed",
        ),
      hasExams:
        sql<boolean>`exists (select 1 from ${flashcardSetExams} where ${flashcardSetExams.userId} = ${userId})`.as(
          "hasExams",
        ),
    };
    // queueSelect builds any fields; these are its row.
    const counts = db
      .$with("counts")
      .as(queueSelect(db, countFields, scope) as unknown as TypedQueryBuilder<typeof countFields>);
    const [row] = await rowsOf(
      db
        .with(counts)
        .select({
          due: counts.due,
          dueReviews: counts.dueReviews,
          dueInterday: counts.dueInterday,
          overdue: counts.overdue,
          next: counts.next,
          unseen: counts.unseen,
          started: counts.started,
          reviewed: counts.reviewed,
          hasExams: counts.hasExams,
          maxReviewsPerDay: userSettings.maxReviewsPerDay,
          desiredRetention: userSettings.desiredRetention,
          newCardsPerDay: userSettings.newCardsPerDay,
          weights: reviewPreferences.weights,
          // The rating's Easy Days: the buttons show what it will give.
          easyDays: reviewPreferences.easyDays,
        })
        .from(counts)
        .leftJoin(userSettings, eq(userSettings.userId, userId))
        .leftJoin(reviewPreferences, eq(reviewPreferences.userId, userId)),
    );
    return {
      due: Number(row?.due ?? 0),
      dueReviews: Number(row?.dueReviews ?? 0),
      dueInterday: Number(row?.dueInterday ?? 0),
      reviewed: Number(row?.reviewed ?? 0),
      overdue: Number(row?.overdue ?? 0),
      next: row?.next ? new Date(row.next) : null,
      unseen: Number(row?.unseen ?? 0),
      started: Number(row?.started ?? 0),
      settings: {
        desiredRetention: row?.desiredRetention ?? null,
        newCardsPerDay: row?.newCardsPerDay ?? null,
        maxReviewsPerDay: row?.maxReviewsPerDay ?? null,
        weights: row?.weights ?? null,
      },
      hasExams: row?.hasExams === true || (row?.hasExams as unknown) === "t",
      easyDays: row?.easyDays ?? [],
    };
  },

  /**
   * The student's cards due on each day `fromDay`..`toDay` after `at` (day d is [at + d days, at + d + 1
   * days)), counted as the rating's write statement counts them (RATING_WRITE's `loads`), for the
   * intervals the buttons show.
   */
  async loadsByDay(db: DbOrTx, userId: number, at: Date, fromDay: number, toDay: number) {
    const day = sql<number>`floor(extract(epoch from (${cardStates.due} - ${at.toISOString()}::timestamptz)) / 86400)::int`;
    const rows = await db
      .select({ day: day.mapWith(Number), n: count() })
      .from(cardStates)
      .where(
        and(
          eq(cardStates.userId, userId),
          sql`${cardStates.due} >= ${new Date(at.getTime() + fromDay * DAY_MS).toISOString()}::timestamptz`,
          sql`${cardStates.due} < ${new Date(at.getTime() + (toDay + 1) * DAY_MS).toISOString()}::timestamptz`,
        ),
      )
      // By position: the day's expression carries the instant as a parameter, and a second copy of it
      // in GROUP BY would be a different parameter to PostgreSQL.
      .groupBy(sql`1`);
    return new Map(rows.map((r) => [r.day, r.n]));
  },

  async count(db: DbOrTx, scope: QueueScope, pick: QueuePick): Promise<number> {
    const [row] = await queueQuery(db, { n: count() }, scope, pick);
    return row?.n ?? 0;
  },

  /** Cards the student has never rated (but the `except` ones), in the order they were added. */
  newCards(db: DbOrTx, scope: QueueScope, limit: number, except?: number[]) {
    return queueQuery(db, cardColumns, scope, { isNew: true, except }, { order: "added", limit });
  },

  /** Named cards of the scope, each with the student's state or null (the exam plan's picks for today). */
  async cardsByIds(db: DbOrTx, scope: QueueScope, ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await queueQuery(db, { ...cardColumns, ...withState }, scope, { ids });
    return rows.map((r) => ({ card: r, state: stateOrNull(r) }));
  },

  /** Every overdue state in the scope (for spreading a backlog). */
  overdue(db: DbOrTx, scope: QueueScope, at: Date) {
    return queueQuery(db, { id: flashcards.id, ...stateColumns }, scope, { dueBy: at }).then((rows) =>
      rows.map(asStored),
    );
  },

  /**
   * The whole-queue counts readQueue reads, for many students in one statement (the daily review
   * reminders of a delivery batch): reviews due by `at`, cards new to the student, new cards started
   * since each student's local midnight, their new-cards-per-day setting (`defaultNewPerDay` when never
   * saved), the review cards and interday learning cards (days in the student's `timeZone`) due and
   * rated today and the day's review limit (`defaultMaxReviews`), and whether they have exams (whose plans
   * add cards only readQueue computes). Suspended and buried cards left out, as in queueQuery.
   */
  async queueCountsMany(
    db: DbOrTx,
    students: { userId: number; dayStart: Date; timeZone: string }[],
    at: Date,
    defaultNewPerDay: number,
    defaultMaxReviews: number,
  ) {
    if (students.length === 0) return [];
    const atIso = at.toISOString();
    const list = JSON.stringify(students.map((s) => [s.userId, s.dayStart.toISOString(), s.timeZone]));
    const held = sql`exists (select 1 from ${cardHolds} h where h.user_id = s.user_id and h.flashcard_id = f.id
      and (h.suspended or h.buried_until > ${atIso}::timestamptz))`;
    const result = await db.execute(sql`
      with s as (
        select (x->>0)::int as user_id, (x->>1)::timestamptz as day_start, x->>2 as tz
        from jsonb_array_elements(${list}::jsonb) x
      )
      select s.user_id as "userId",
        (select count(*) from ${flashcards} f join ${cardStates} cs on cs.flashcard_id = f.id and cs.user_id = s.user_id
          where f.user_id = s.user_id and cs.due <= ${atIso}::timestamptz and not ${held})::int as due,
        (select count(*) from ${flashcards} f join ${cardStates} cs on cs.flashcard_id = f.id and cs.user_id = s.user_id
          where f.user_id = s.user_id and cs.due <= ${atIso}::timestamptz and cs.state = 2
          and not ${held})::int as "dueReviews",
        (select count(*) from ${flashcards} f join ${cardStates} cs on cs.flashcard_id = f.id and cs.user_id = s.user_id
          where f.user_id = s.user_id and cs.due <= ${atIso}::timestamptz and cs.state in (1, 3)
          and coalesce((cs.due at time zone s.tz)::date > (cs.last_review at time zone s.tz)::date, false)
          and not ${held})::int as "dueInterday",
        (select count(*) from ${cardReviews} r where r.user_id = s.user_id and (r.state = 2 or (r.state in (1, 3)
          and coalesce((r.previous_due at time zone s.tz)::date > (r.due at time zone s.tz)::date, false)))
          and r.reviewed_at >= s.day_start)::int as reviewed,
        coalesce((select st.max_reviews_per_day from ${userSettings} st where st.user_id = s.user_id),
          ${defaultMaxReviews})::int as "maxReviewsPerDay",
        (select count(*) from ${flashcards} f where f.user_id = s.user_id
          and not exists (select 1 from ${cardStates} cs where cs.flashcard_id = f.id and cs.user_id = s.user_id)
          and not ${held})::int as unseen,
        (select count(*) from ${cardReviews} r where r.user_id = s.user_id and r.state = 0
          and r.reviewed_at >= s.day_start)::int as started,
        coalesce((select st.new_cards_per_day from ${userSettings} st where st.user_id = s.user_id),
          ${defaultNewPerDay})::int as "newCardsPerDay",
        exists (select 1 from ${flashcardSetExams} x where x.user_id = s.user_id) as "hasExams"
      from s`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
      userId: Number(r.userId),
      due: Number(r.due),
      dueReviews: Number(r.dueReviews),
      dueInterday: Number(r.dueInterday),
      reviewed: Number(r.reviewed),
      maxReviewsPerDay: Number(r.maxReviewsPerDay),
      unseen: Number(r.unseen),
      started: Number(r.started),
      newCardsPerDay: Number(r.newCardsPerDay),
      hasExams: r.hasExams === true || r.hasExams === "t",
    }));
  },

  /** Who owns a card and the study set it is in, whoever asks: for the service's read check only. */
  async cardPlace(db: DbOrTx, cardId: number) {
    const [row] = await db
      .select({ ownerId: flashcards.userId, studySetId: flashcardSets.studySetId })
      .from(flashcards)
      .innerJoin(flashcardSets, eq(flashcardSets.id, flashcards.flashcardSetId))
      .where(eq(flashcards.id, cardId));
    return row;
  },

  /**
   * A card to rate, whoever owns it, locked, with its owner, its study set and the reviewer's state, and
   * what the rating is scheduled with: the reviewer's retention target and zone (settings) and review
   * preferences, each null when never saved. A rating's one read (the service checks a shared set's
   * access in the same transaction): on PGlite a rating costs about what its statements do.
   */
  async cardForRating(tx: DbOrTx, userId: number, cardId: number) {
    const [row] = await rawRows<
      StoredState & {
        ownerId: number;
        studySetId: number;
        hasState: number | null;
        desiredRetention: number | null;
        timeZone: string | null;
        hasPreferences: number | null;
        burySiblings: boolean | null;
        easyDays: number[] | null;
        weights: number[] | null;
        suspended: boolean;
      }
    >(tx, RATING_READ, [userId, cardId], "review_rating_read");
    if (!row) return undefined;
    const {
      ownerId,
      studySetId,
      desiredRetention,
      timeZone,
      hasPreferences,
      burySiblings,
      easyDays,
      weights,
      suspended,
      ...state
    } = row;
    return {
      ownerId,
      studySetId,
      suspended,
      state: stateOrNull(state),
      settings: desiredRetention === null || timeZone === null ? null : { desiredRetention, timeZone },
      preferences:
        hasPreferences === null || burySiblings === null || easyDays === null
          ? null
          : { burySiblings, easyDays, weights },
    };
  },

  /**
   * The card (of `ownerId`) and the reviewer's state of it, the card locked so two ratings of one card
   * cannot both start from the same state.
   */
  async cardForUpdate(db: DbOrTx, scope: { userId: number; ownerId: number }, cardId: number) {
    const [card] = await db
      .select({ id: flashcards.id })
      .from(flashcards)
      .where(and(eq(flashcards.id, cardId), eq(flashcards.userId, scope.ownerId)))
      .for("update");
    if (!card) return undefined;
    const [state] = await db
      .select(stateColumns)
      .from(cardStates)
      .where(and(eq(cardStates.userId, scope.userId), eq(cardStates.flashcardId, cardId)));
    return { id: card.id, state: state ? (state as StoredState) : null };
  },

  async saveState(db: DbOrTx, userId: number, flashcardId: number, state: CardState) {
    await db
      .insert(cardStates)
      .values({ userId, flashcardId, ...state })
      .onConflictDoUpdate({ target: [cardStates.userId, cardStates.flashcardId], set: state });
  },

  /**
   * A rating's writes in one statement (RATING_WRITE): the card's new state, due on the balanced day,
   * and the log row. Answers the log row's id and the due date and interval the state was given.
   */
  async saveRating(
    db: DbOrTx,
    rated: {
      userId: number;
      flashcardId: number;
      at: Date;
      balance: Balance;
      clientId: string | null;
      /** The card's due date before the rating (null while it was new to the student): what Undo restores. */
      previousDue: Date | null;
    },
    state: CardState,
    log: ReviewLogEntry,
  ): Promise<{ id: number; nextDue: Date; scheduledDays: number }> {
    const { userId, flashcardId, at, balance, clientId, previousDue } = rated;
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const days = balance ?? { min: state.scheduledDays, max: state.scheduledDays, easy: "" };
    // No balancing: an empty range to count, so the statement reads no card_states rows.
    const counted = balance ? [balance.min, balance.max + 1] : [0, 0];
    const [row] = await rawRows<{ id: number; nextDue: Date | string; scheduledDays: number }>(
      db,
      RATING_WRITE,
      [
        userId,
        flashcardId,
        iso(at),
        iso(new Date(at.getTime() + counted[0]! * DAY_MS)),
        iso(new Date(at.getTime() + counted[1]! * DAY_MS)),
        days.min,
        days.max,
        days.easy,
        state.scheduledDays,
        iso(state.due),
        state.stability,
        state.difficulty,
        state.elapsedDays,
        state.learningSteps,
        state.reps,
        state.lapses,
        state.state,
        iso(state.lastReview),
        log.rating,
        log.state,
        iso(log.due),
        log.stability,
        log.difficulty,
        log.elapsedDays,
        log.lastElapsedDays,
        log.scheduledDays,
        log.learningSteps,
        iso(log.reviewedAt),
        clientId,
        iso(previousDue),
      ],
      "review_rating_write",
    );
    return { id: row!.id, nextDue: new Date(row!.nextDue), scheduledDays: Number(row!.scheduledDays) };
  },

  async removeState(db: DbOrTx, userId: number, flashcardId: number) {
    await db
      .delete(cardStates)
      .where(and(eq(cardStates.userId, userId), eq(cardStates.flashcardId, flashcardId)));
  },

  async insertReview(
    db: DbOrTx,
    userId: number,
    flashcardId: number,
    log: ReviewLogEntry,
    extra: {
      clientId?: string | null;
      nextDue?: Date | null;
      nextState?: number | null;
      due?: Date | null;
    } = {},
  ): Promise<number> {
    const [row] = await db
      .insert(cardReviews)
      .values({ userId, flashcardId, ...log, ...extra })
      .returning({ id: cardReviews.id });
    return row!.id;
  },

  /** The rating a device sent before under this id (issue 23, offline replays). */
  async findByClientId(db: DbOrTx, userId: number, clientId: string) {
    const [row] = await db
      .select({
        id: cardReviews.id,
        flashcardId: cardReviews.flashcardId,
        nextDue: cardReviews.nextDue,
        nextState: cardReviews.nextState,
      })
      .from(cardReviews)
      .where(and(eq(cardReviews.userId, userId), eq(cardReviews.clientId, clientId)));
    return row;
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
        previousDue: cardReviews.previousDue,
        // The outer row's card named through its table: Drizzle writes a column of a one-table select
        // unqualified, which inside this subquery meant r's own, and so the student's latest rating of any card.
        latest: sql<number>`(select max(r.id) from ${cardReviews} r where r.flashcard_id = ${cardReviews}.flashcard_id and r.user_id = ${userId})`,
      })
      .from(cardReviews)
      .where(and(eq(cardReviews.id, reviewId), eq(cardReviews.userId, userId)));
    return row;
  },

  async removeReview(db: DbOrTx, userId: number, reviewId: number) {
    await db.delete(cardReviews).where(and(eq(cardReviews.id, reviewId), eq(cardReviews.userId, userId)));
  },

  async moveDue(db: DbOrTx, userId: number, flashcardId: number, due: Date) {
    await db
      .update(cardStates)
      .set({ due })
      .where(and(eq(cardStates.userId, userId), eq(cardStates.flashcardId, flashcardId)));
  },
};

const examColumns = {
  id: flashcardSetExams.id,
  flashcardSetId: flashcardSetExams.flashcardSetId,
  setTitle: flashcardSets.title,
  title: flashcardSetExams.title,
  examDate: flashcardSetExams.examDate,
  taskId: flashcardSetExams.taskId,
  eventId: flashcardSetExams.eventId,
};
export type ExamRow = SelectResultFields<typeof examColumns>;
type ExamValues = { title?: string | null; examDate: Date; taskId: number | null; eventId: number | null };

export const examRepo = {
  /** Which of these students have any exam (one statement: the reminder batch reads plans only for them). */
  async usersWithExams(db: DbOrTx, userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ userId: flashcardSetExams.userId })
      .from(flashcardSetExams)
      .where(inArray(flashcardSetExams.userId, userIds));
    return new Set(rows.map((r) => r.userId));
  },
  /** The student's exams (one set's, or every set's), soonest stored date first. */
  exams(db: DbOrTx, userId: number, setId?: number): Promise<ExamRow[]> {
    return rowsOf(
      db
        .select(examColumns)
        .from(flashcardSetExams)
        .innerJoin(flashcardSets, eq(flashcardSets.id, flashcardSetExams.flashcardSetId))
        .where(
          and(
            eq(flashcardSetExams.userId, userId),
            setId === undefined ? undefined : eq(flashcardSetExams.flashcardSetId, setId),
          ),
        )
        .orderBy(asc(flashcardSetExams.examDate), asc(flashcardSetExams.id)),
    );
  },

  async exam(db: DbOrTx, userId: number, examId: number): Promise<ExamRow | undefined> {
    const [row] = await db
      .select(examColumns)
      .from(flashcardSetExams)
      .innerJoin(flashcardSets, eq(flashcardSets.id, flashcardSetExams.flashcardSetId))
      .where(and(eq(flashcardSetExams.userId, userId), eq(flashcardSetExams.id, examId)));
    return row;
  },

  async ownSet(db: DbOrTx, userId: number, setId: number) {
    const [row] = await db
      .select({ id: flashcardSets.id, title: flashcardSets.title })
      .from(flashcardSets)
      .where(and(eq(flashcardSets.userId, userId), eq(flashcardSets.id, setId)));
    return row;
  },

  async count(db: DbOrTx, userId: number, setId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(flashcardSetExams)
      .where(and(eq(flashcardSetExams.userId, userId), eq(flashcardSetExams.flashcardSetId, setId)));
    return row?.n ?? 0;
  },

  async insert(db: DbOrTx, userId: number, setId: number, values: ExamValues) {
    const [row] = await db
      .insert(flashcardSetExams)
      .values({ userId, flashcardSetId: setId, ...values })
      .returning({ id: flashcardSetExams.id });
    return row!.id;
  },

  async update(db: DbOrTx, userId: number, examId: number, values: Partial<ExamValues>) {
    await db
      .update(flashcardSetExams)
      .set(values)
      .where(and(eq(flashcardSetExams.userId, userId), eq(flashcardSetExams.id, examId)));
  },

  async remove(db: DbOrTx, userId: number, examId: number) {
    await db
      .delete(flashcardSetExams)
      .where(and(eq(flashcardSetExams.userId, userId), eq(flashcardSetExams.id, examId)));
  },

  /**
   * Every card of a set in review (not suspended or buried) with the student's state (null while new),
   * in the order they were added.
   */
  async setCards(db: DbOrTx, userId: number, setId: number, activeAt: Date) {
    const scope = { userId, setId, activeAt };
    const rows = await queueQuery(db, { id: flashcards.id, ...withState }, scope, undefined, {
      order: "added",
    });
    return rows.map((r) => ({ id: r.id, state: stateOrNull(r) }));
  },
};

/** Suspended and buried cards, per student (issue 25 §3). */
export const holdsRepo = {
  async suspend(db: DbOrTx, userId: number, ids: number[], suspended: boolean, leech = false) {
    if (ids.length === 0) return;
    await db
      .insert(cardHolds)
      .values(ids.map((flashcardId) => ({ userId, flashcardId, suspended, leech })))
      .onConflictDoUpdate({
        target: [cardHolds.userId, cardHolds.flashcardId],
        // Unsuspending clears the leech mark with it; a leech suspension sets it.
        set: { suspended, leech: suspended ? sql`${cardHolds.leech} or ${leech}` : false },
      });
  },

  /** Unsuspends a card suspended as a leech; whether it was one. */
  async liftLeech(db: DbOrTx, userId: number, flashcardId: number) {
    const rows = await db
      .update(cardHolds)
      .set({ suspended: false, leech: false })
      .where(
        and(
          eq(cardHolds.userId, userId),
          eq(cardHolds.flashcardId, flashcardId),
          eq(cardHolds.suspended, true),
          eq(cardHolds.leech, true),
        ),
      )
      .returning({ id: cardHolds.flashcardId });
    return rows.length > 0;
  },

  /** Buries (until a time) or unburies cards by hand: no rating's Undo touches them after this. */
  async bury(db: DbOrTx, userId: number, ids: number[], until: Date | null) {
    if (ids.length === 0) return;
    await db
      .insert(cardHolds)
      .values(ids.map((flashcardId) => ({ userId, flashcardId, buriedUntil: until, buriedBy: null })))
      .onConflictDoUpdate({
        target: [cardHolds.userId, cardHolds.flashcardId],
        set: { buriedUntil: until, buriedBy: null },
      });
  },

  /**
   * Buries a rated card's siblings until `until`, as the rating `reviewId`'s doing. A sibling already
   * buried at `now` (by hand, or by another rating) keeps its hold and who made it, so undoing this
   * rating leaves it buried.
   */
  async burySiblings(
    db: DbOrTx,
    userId: number,
    ids: number[],
    held: { until: Date; reviewId: number; now: Date },
  ) {
    if (ids.length === 0) return;
    const { until, reviewId, now } = held;
    await db
      .insert(cardHolds)
      .values(ids.map((flashcardId) => ({ userId, flashcardId, buriedUntil: until, buriedBy: reviewId })))
      .onConflictDoUpdate({
        target: [cardHolds.userId, cardHolds.flashcardId],
        set: { buriedUntil: until, buriedBy: reviewId },
        setWhere: sql`${cardHolds.buriedUntil} is null or ${cardHolds.buriedUntil} <= ${now}`,
      });
  },

  /** Undoing a rating: the siblings it buried (and nobody has buried or unburied since) come back. */
  async unburySiblings(db: DbOrTx, userId: number, reviewId: number) {
    await db
      .update(cardHolds)
      .set({ buriedUntil: null, buriedBy: null })
      .where(and(eq(cardHolds.userId, userId), eq(cardHolds.buriedBy, reviewId)));
  },

  /** The other cards of a card's note (same owner, set and guid): the siblings 'bury siblings' hides. */
  async siblings(db: DbOrTx, cardId: number): Promise<number[]> {
    const [card] = await db
      .select({ setId: flashcards.flashcardSetId, guid: flashcards.guid })
      .from(flashcards)
      .where(eq(flashcards.id, cardId));
    if (!card?.guid) return [];
    const rows = await db
      .select({ id: flashcards.id })
      .from(flashcards)
      .where(
        and(
          eq(flashcards.flashcardSetId, card.setId),
          eq(flashcards.guid, card.guid),
          sql`${flashcards.id} <> ${cardId}`,
        ),
      );
    return rows.map((r) => r.id);
  },

  /** Of `ids`, those that are the student's own cards. */
  async ownCardIds(db: DbOrTx, userId: number, ids: number[]): Promise<number[]> {
    const rows = await db
      .select({ id: flashcards.id })
      .from(flashcards)
      .where(and(eq(flashcards.userId, userId), inArray(flashcards.id, ids)));
    return rows.map((r) => r.id);
  },
};

export type BrowserFilter = {
  userId: number;
  q?: string | undefined;
  setId?: number | undefined;
  state?: "new" | "learning" | "review" | "suspended" | "buried" | undefined;
  tag?: string | undefined;
  /** Due by this time (overdue: now; today: the end of the student's day; week: six days later). */
  dueBy?: Date | undefined;
  now: Date;
};

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Search words folded as the stored `flashcards.search_text` is (schema/flashcards.ts). */
const searchFold = (q: string) => q.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");

function browserWhere(f: BrowserFilter): SQL | undefined {
  const byState = {
    new: isNull(cardStates.flashcardId),
    learning: inArray(cardStates.state, [1, 3]),
    review: eq(cardStates.state, 2),
    suspended: eq(cardHolds.suspended, true),
    buried: gt(cardHolds.buriedUntil, f.now),
  };
  return and(
    eq(flashcards.userId, f.userId),
    f.setId === undefined ? undefined : eq(flashcards.flashcardSetId, f.setId),
    f.q ? sql`${flashcards.searchText} ilike ${likePattern(searchFold(f.q))}` : undefined,
    f.tag ? sql`${f.tag} = any(${flashcards.tags})` : undefined,
    f.state ? byState[f.state] : undefined,
    f.dueBy ? lte(cardStates.due, f.dueBy) : undefined,
  );
}

/** The card browser's read (issue 25 §3): the student's own cards with their schedule and holds. */
export const browserRepo = {
  sets(db: DbOrTx, userId: number) {
    return db
      .select({ id: flashcardSets.id, title: flashcardSets.title })
      .from(flashcardSets)
      .where(eq(flashcardSets.userId, userId))
      .orderBy(asc(flashcardSets.title), asc(flashcardSets.id));
  },

  async page(
    db: DbOrTx,
    f: BrowserFilter,
    order: { sort: "added" | "due" | "question" | "set" | "lapses"; dir: "asc" | "desc" },
    offset: number,
    limit: number,
  ) {
    const column = {
      added: flashcards.id,
      due: cardStates.due,
      question: flashcards.question,
      set: flashcardSets.title,
      lapses: sql`coalesce(${cardStates.lapses}, 0)`,
    }[order.sort];
    const dir = order.dir === "asc" ? sql`asc` : sql`desc`;
    const base = () =>
      db
        .select({
          id: flashcards.id,
          flashcardSetId: flashcards.flashcardSetId,
          setTitle: flashcardSets.title,
          question: flashcards.question,
          answer: flashcards.answer,
          tags: flashcards.tags,
          state: cardStates.state,
          due: cardStates.due,
          lapses: cardStates.lapses,
          suspended: cardHolds.suspended,
          buriedUntil: cardHolds.buriedUntil,
          leech: cardHolds.leech,
        })
        .from(flashcards)
        .innerJoin(flashcardSets, eq(flashcardSets.id, flashcards.flashcardSetId))
        .leftJoin(cardStates, and(eq(cardStates.flashcardId, flashcards.id), eq(cardStates.userId, f.userId)))
        .leftJoin(cardHolds, and(eq(cardHolds.flashcardId, flashcards.id), eq(cardHolds.userId, f.userId)))
        .where(browserWhere(f));
    const [rows, [total]] = await Promise.all([
      base()
        .orderBy(
          sql`${column} ${dir} nulls last`,
          order.dir === "asc" ? asc(flashcards.id) : sql`${flashcards.id} desc`,
        )
        .limit(limit + 1)
        .offset(offset),
      db
        .select({ n: count() })
        .from(flashcards)
        .leftJoin(cardStates, and(eq(cardStates.flashcardId, flashcards.id), eq(cardStates.userId, f.userId)))
        .leftJoin(cardHolds, and(eq(cardHolds.flashcardId, flashcards.id), eq(cardHolds.userId, f.userId)))
        .where(browserWhere(f)),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};

/** The review feature's own preferences row (absent: the defaults). */
export const preferencesRepo = {
  async get(db: DbOrTx, userId: number) {
    const [row] = await db.select().from(reviewPreferences).where(eq(reviewPreferences.userId, userId));
    return row;
  },
  async save(
    db: DbOrTx,
    userId: number,
    values: Partial<Omit<typeof reviewPreferences.$inferInsert, "userId">>,
  ) {
    await db
      .insert(reviewPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: reviewPreferences.userId, set: values });
  },
};

/** The review log the FSRS optimizer reads (issue 25 §4). */
export const fsrsLogRepo = {
  log(db: DbOrTx, userId: number) {
    return db
      .select({
        flashcardId: cardReviews.flashcardId,
        rating: cardReviews.rating,
        reviewedAt: cardReviews.reviewedAt,
        state: cardReviews.state,
      })
      .from(cardReviews)
      .where(eq(cardReviews.userId, userId));
  },
  async count(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(cardReviews).where(eq(cardReviews.userId, userId));
    return row?.n ?? 0;
  },
  /** Students with at least `min` reviews. */
  async studentsWith(db: DbOrTx, min: number): Promise<number[]> {
    const rows = await db
      .select({ userId: cardReviews.userId })
      .from(cardReviews)
      .groupBy(cardReviews.userId)
      .having(sql`count(*) >= ${min}`);
    return rows.map((r) => r.userId);
  },
};
