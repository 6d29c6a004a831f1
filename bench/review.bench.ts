// Spaced review (issue 11) at scale: a student with 20,000 cards, half of them due, among other students'
// cards. Times GET /api/review/queue (first 50, with its counts) and POST .../rate through the whole app
// (app.inject: routing, session, validation, ts-fsrs, serialization), beside the same SQL written by hand
// and sent straight to the database (pg for PostgreSQL, the PGlite instance itself for PGlite). Prints
// p50/p99, the ratio baseline/ours (targets: queue >= 0.7, rating >= 0.5) and EXPLAIN ANALYZE of the
// app's own queue query. A rating answers before its achievement re-evaluation (issue 27): that work is
// timed apart, and waited for between samples so it never lands inside the next one.
// Usage: npm run bench:review   (REVIEW_BENCH_CARDS=2000 for a quick run; REVIEW_BENCH_SAMPLES=200;
// REVIEW_BENCH_RICH=1 seeds rich cards (issue 25): Markdown with math and an image, cloze notes of two
// blanks, reversed notes and image occlusion, a fifth of the cards each beside plain ones)
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test);
// a fresh database is created there and dropped afterwards.
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { flashcards } from "#server/db/schema/flashcards.ts";
import { cardStates } from "#server/db/schema/review.ts";
import { newCardState, rateCard } from "#server/features/review/fsrs.ts";
import { reviewRepo } from "#server/features/review/review.repo.ts";
import { createUser } from "#tests/factories.ts";
import { scratchPostgres, testConfig } from "#tests/test-app.ts";

const CARDS = Number(process.env.REVIEW_BENCH_CARDS ?? 20_000);
const SAMPLES = Number(process.env.REVIEW_BENCH_SAMPLES ?? 200);
const RICH = process.env.REVIEW_BENCH_RICH === "1";
/** Other students' cards, so the (user_id, due) index has to pick one student's out of many. */
const OTHER_STUDENTS = 4;
const WARMUP = 20;
const SETS = 20;
const DAY = 86_400_000;
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";

/** What a hand-written client sends: positional SQL, parameters, rows back. */
type Raw = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

// The queue endpoint's reads as a person would write them (review.repo.ts builds the same with Drizzle).
const QUEUE_SQL = `select f.id, f.flashcard_set_id, s.title, f.question, f.answer, f.hint, c.due, c.stability,
  c.difficulty, c.elapsed_days, c.scheduled_days, c.learning_steps, c.reps, c.lapses, c.state, c.last_review
  from card_states c join flashcards f on f.id = c.flashcard_id join flashcard_sets s on s.id = f.flashcard_set_id
  where c.user_id = $1 and c.due <= $2 and f.user_id = $1 order by c.due, c.flashcard_id limit 50`;
const COUNT_DUE_SQL = `select count(*)::int as n, (count(*) filter (where c.due <= $3))::int as overdue
  from card_states c join flashcards f on f.id = c.flashcard_id where c.user_id = $1 and c.due <= $2 and f.user_id = $1`;
const COUNT_NEW_SQL = `select count(*)::int as n from flashcards f
  left join card_states c on c.flashcard_id = f.id and c.user_id = $1 where f.user_id = $1 and c.flashcard_id is null`;
const STARTED_SQL = `select count(*)::int as n from card_reviews where user_id = $1 and state = 0 and reviewed_at >= $2`;

async function handQueue(raw: Raw, userId: number, now: Date) {
  const [rows] = await Promise.all([
    raw.query(QUEUE_SQL, [userId, now]),
    raw.query(COUNT_DUE_SQL, [userId, now, new Date(now.getTime() - DAY)]),
    raw.query(COUNT_NEW_SQL, [userId]),
    raw.query(STARTED_SQL, [userId, new Date(now.getTime() - DAY)]),
  ]);
  if (rows.rows.length !== 50) throw new Error(`hand queue: ${rows.rows.length} rows`);
}

/** One rating by hand: lock the card, read the state, ts-fsrs, upsert the state, log it; one transaction. */
async function handRate(raw: Raw, userId: number, cardId: number) {
  await raw.query("begin", []);
  try {
    await raw.query("select id from flashcards where id = $1 and user_id = $2 for update", [cardId, userId]);
    const { rows } = await raw.query(
      `select due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
       last_review from card_states where user_id = $1 and flashcard_id = $2`,
      [userId, cardId],
    );
    const r = rows[0];
    const now = new Date();
    const state = r
      ? {
          due: new Date(r.due as string),
          stability: Number(r.stability),
          difficulty: Number(r.difficulty),
          elapsedDays: Number(r.elapsed_days),
          scheduledDays: Number(r.scheduled_days),
          learningSteps: Number(r.learning_steps),
          reps: Number(r.reps),
          lapses: Number(r.lapses),
          state: Number(r.state) as 0 | 1 | 2 | 3,
          lastReview: r.last_review ? new Date(r.last_review as string) : null,
        }
      : newCardState(now);
    const { card: c, log } = rateCard(state, 3, now, 0.9);
    await raw.query(
      `insert into card_states (user_id, flashcard_id, due, stability, difficulty, elapsed_days, scheduled_days,
       learning_steps, reps, lapses, state, last_review) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
       on conflict (user_id, flashcard_id) do update set due = excluded.due, stability = excluded.stability,
       difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
       scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps, reps = excluded.reps,
       lapses = excluded.lapses, state = excluded.state, last_review = excluded.last_review`,
      [
        userId,
        cardId,
        c.due,
        c.stability,
        c.difficulty,
        c.elapsedDays,
        c.scheduledDays,
        c.learningSteps,
        c.reps,
        c.lapses,
        c.state,
        c.lastReview,
      ],
    );
    await raw.query(
      `insert into card_reviews (user_id, flashcard_id, rating, state, elapsed_days, scheduled_days, reviewed_at,
       due, stability, difficulty, last_elapsed_days, learning_steps) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
      [
        userId,
        cardId,
        log.rating,
        log.state,
        log.elapsedDays,
        log.scheduledDays,
        log.reviewedAt,
        log.due,
        log.stability,
        log.difficulty,
        log.lastElapsedDays,
        log.learningSteps,
      ],
    );
    await raw.query("commit", []);
  } catch (err) {
    await raw.query("rollback", []);
    throw err;
  }
}

const plainCard = (k: number) => ({
  question: `Question ${k}: what does this term mean in context?`,
  answer: `Answer ${k}, a definition of a sentence or two.`,
  hint: null,
});

/**
 * One card of each rich kind in turn (issue 25 §1), as an import or the editor stores them: the queue
 * renders each (cardSides: a cloze blanked by its number, a reversed card back to front). Sibling rows of
 * a note share its guid and texts and differ by ord, as the flashcards feature writes them.
 */
function richCard(k: number) {
  const guid = `bench-${Math.floor(k / 2)}`;
  switch (k % 5) {
    case 0:
      return {
        question: `**Term ${k}**: what is $\\int_0^{${k % 9}} x^2\\,dx$?\n\n![diagram](figure-${k % 7}.png)`,
        answer: `$\\frac{${k % 9}^3}{3}$, by the *power rule*:\n\n- raise the exponent\n- divide by it`,
        hint: "Think of `x^n`",
      };
    case 1:
      return {
        type: "cloze",
        ord: k % 2,
        guid,
        question: `The {{c1::mitochondrion::organelle}} makes {{c2::ATP}} in cell ${k}, see $E = mc^2$.`,
        answer: "Back extra: *respiration*.",
        hint: null,
      };
    case 2:
      return {
        type: "reversed",
        ord: k % 2,
        guid,
        question: `Word ${k} in French`,
        answer: `Mot ${k}, with ![flag](flag-${k % 3}.png)`,
        hint: null,
      };
    case 3:
      return {
        type: "occlusion",
        ord: k % 3,
        guid: `bench-occ-${Math.floor(k / 3)}`,
        question: `Label the parts of diagram ${k}`,
        answer: "",
        hint: null,
        occlusion: {
          image: `anatomy-${k % 4}.png`,
          masks: [0, 1, 2].map((m) => ({ x: 10 + 30 * m, y: 20, w: 25, h: 15, label: `part ${m}` })),
        },
      };
    default:
      return plainCard(k);
  }
}

/** `count` students' worth of cards straight into the tables: sets through the API, rows in bulk. */
async function seed(app: Awaited<ReturnType<typeof buildApp>>, cards: number) {
  const student = await createUser(app);
  const headers = student.headers;
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: "POST", url, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const studySet = await post("/api/study/sets", { title: "Finals", description: "", color: "#3B82F6" });
  const sets: number[] = [];
  for (let i = 0; i < SETS; i++)
    sets.push((await post(`/api/study/sets/${studySet.id}/flashcard-sets`, { title: `Deck ${i}` })).id);
  const now = Date.now();
  const userId = student.user.id;
  for (let start = 0; start < cards; start += 1000) {
    const n = Math.min(1000, cards - start);
    const ids = await app.db
      .insert(flashcards)
      .values(
        Array.from({ length: n }, (_, i) => ({
          userId,
          flashcardSetId: sets[(start + i) % SETS]!,
          ...(RICH ? richCard(start + i) : plainCard(start + i)),
        })),
      )
      .returning({ id: flashcards.id });
    // Half due (up to 30 days overdue), half due in the next 60 days; all learnt (Review state).
    await app.db.insert(cardStates).values(
      ids.map(({ id }, i) => {
        const k = start + i;
        const due =
          k % 2 === 0 ? now - ((k * 7919) % (30 * DAY)) - 60_000 : now + ((k * 7919) % (60 * DAY)) + DAY;
        const scheduledDays = 5 + (k % 20);
        return {
          userId,
          flashcardId: id,
          due: new Date(due),
          stability: scheduledDays * 1.2,
          difficulty: 4 + (k % 5),
          elapsedDays: scheduledDays,
          scheduledDays,
          learningSteps: 0,
          reps: 3 + (k % 4),
          lapses: k % 3,
          state: 2,
          lastReview: new Date(due - scheduledDays * DAY),
        };
      }),
    );
  }
  return { student, userId };
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
};
const timed = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  return performance.now() - t;
};

async function measure(kind: "pglite" | "postgres") {
  let database: Database;
  let raw: Raw & { end?: () => Promise<void> };
  let drop: (() => Promise<void>) | undefined;
  if (kind === "postgres") {
    const scratch = await scratchPostgres(PG_URL, "studyhall_bench");
    drop = scratch.drop;
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
    const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
    raw = { query: (t, p) => pool.query(t, p), end: () => pool.end() };
  } else {
    database = await openDatabase({ dataDir: null });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    raw = { query: (t, p) => client.query(t, p) as Promise<{ rows: Record<string, unknown>[] }> };
  }
  // As in production: answers are not re-checked against their schema (CHECK_RESPONSES off).
  const app = await buildApp(testConfig({ checkResponses: false }), database);
  await app.ready();
  try {
    const seeded = await seed(app, CARDS);
    for (let i = 0; i < OTHER_STUDENTS; i++) await seed(app, Math.floor(CARDS / 4));
    await app.db.execute(sql`analyze`);
    const { userId, student } = seeded;
    const headers = student.headers;

    const ourQueue = async () => {
      const res = await app.inject({ method: "GET", url: "/api/review/queue?limit=50", headers });
      if (res.statusCode !== 200) throw new Error(`queue: ${res.statusCode} ${res.body}`);
      return res.json() as { cards: { id: number }[]; reviewCount: number; heldBack: number };
    };
    const first = await ourQueue();
    // Maximum reviews per day (default 200) shows some of the due cards today and holds the rest back.
    if (first.cards.length !== 50 || first.reviewCount + first.heldBack !== Math.ceil(CARDS / 2))
      throw new Error(
        `queue: ${first.cards.length} cards, ${first.reviewCount} due + ${first.heldBack} held back`,
      );

    // Alternate ours and the hand-written SQL so both see the same background load.
    const ours: number[] = [];
    const hand: number[] = [];
    for (let i = -WARMUP; i < SAMPLES; i++) {
      const a = await timed(ourQueue);
      const b = await timed(() => handQueue(raw, userId, new Date()));
      if (i >= 0) {
        ours.push(a);
        hand.push(b);
      }
    }

    // Ratings: each on a different due card (Good moves it days ahead), alternating ours and by hand.
    const due = (
      await raw.query(QUEUE_SQL.replace("limit 50", `limit ${2 * (SAMPLES + WARMUP)}`), [userId, new Date()])
    ).rows.map((r) => Number(r.id));
    const ourRate: number[] = [];
    const afterAnswer: number[] = [];
    const handRateMs: number[] = [];
    for (let i = -WARMUP; i < SAMPLES; i++) {
      const [x, y] = [due.pop()!, due.pop()!];
      const a = await timed(async () => {
        const res = await app.inject({
          method: "POST",
          url: `/api/review/cards/${x}/rate`,
          headers,
          payload: { rating: 3 },
        });
        if (res.statusCode !== 200) throw new Error(`rate: ${res.statusCode} ${res.body}`);
      });
      // The re-evaluation the rating announced runs after its answer: let it finish before timing more.
      const after = await timed(() => app.services.events.settle());
      const b = await timed(() => handRate(raw, userId, y));
      if (i >= 0) {
        ourRate.push(a);
        handRateMs.push(b);
        afterAnswer.push(after);
      }
    }

    // The achievement re-evaluation a rating announces, alone (it no longer delays the rating's answer).
    const evaluate: number[] = [];
    for (let i = 0; i < Math.min(SAMPLES, 50); i++)
      evaluate.push(await timed(() => app.services.achievements.evaluate(userId)));

    const query = reviewRepo.dueQuery(app.db, { userId }, new Date(), 50).toSQL();
    const explain = await raw.query(
      `explain (analyze, costs off, timing off, summary off) ${query.sql}`,
      query.params,
    );
    const plan = explain.rows.map((r) => String(Object.values(r)[0])).join("\n");
    return {
      kind,
      queue: {
        ours: { p50: pct(ours, 0.5), p99: pct(ours, 0.99) },
        hand: { p50: pct(hand, 0.5), p99: pct(hand, 0.99) },
      },
      rate: {
        ours: { p50: pct(ourRate, 0.5), p99: pct(ourRate, 0.99) },
        hand: { p50: pct(handRateMs, 0.5), p99: pct(handRateMs, 0.99) },
      },
      evaluate: { p50: pct(evaluate, 0.5), p99: pct(evaluate, 0.99) },
      afterAnswer: { p50: pct(afterAnswer, 0.5), p99: pct(afterAnswer, 0.99) },
      plan,
      usesIndex: plan.includes("card_states_user_due_idx"),
    };
  } finally {
    await app.close();
    await raw.end?.();
    await database.close();
    await drop?.();
  }
}

console.log(
  `Review: a student with ${CARDS} ${RICH ? "rich " : ""}cards (${Math.ceil(CARDS / 2)} due) beside ${OTHER_STUDENTS} students with ${Math.floor(CARDS / 4)} each; ${SAMPLES} samples after ${WARMUP} warm-up, ours and the hand-written SQL alternating`,
);
const results = [];
let missed = false;
for (const kind of ["pglite", "postgres"] as const) {
  try {
    results.push(await measure(kind));
  } catch (err) {
    console.log(`${kind}: NOT RUN (${(err as Error).message})`);
  }
}
const f = (n: number) => n.toFixed(2).padStart(8);
console.log(
  `\n${"database".padEnd(10)}${"what".padEnd(22)}${"ours p50".padStart(9)}${"p99".padStart(8)}${"hand p50".padStart(9)}${"p99".padStart(8)}${"ratio".padStart(8)}`,
);
for (const r of results) {
  for (const [what, m, target] of [
    ["queue (50 + counts)", r.queue, 0.7],
    ["rate one card", r.rate, 0.5],
  ] as const) {
    const ratio = m.hand.p50 / m.ours.p50;
    // Targets: the queue's from issue 11, the rating's from issue 27 (it answers before achievements).
    const verdict = `${ratio >= target ? "met" : "MISSED"} (target >= ${target.toFixed(2)})`;
    if (ratio < target) missed = true;
    console.log(
      `${r.kind.padEnd(10)}${what.padEnd(22)}${f(m.ours.p50)} ${f(m.ours.p99).trim().padStart(7)}${f(m.hand.p50)} ${f(m.hand.p99).trim().padStart(7)}${f(ratio)}  ${verdict}`,
    );
  }
  console.log(
    `${r.kind.padEnd(10)}${"  after the answer".padEnd(22)}${f(r.afterAnswer.p50)} ${f(r.afterAnswer.p99).trim().padStart(7)}  (the rating's achievement re-evaluation, not in its answer)`,
  );
  console.log(
    `${r.kind.padEnd(10)}${"  achievements alone".padEnd(22)}${f(r.evaluate.p50)} ${f(r.evaluate.p99).trim().padStart(7)}  (achievements.evaluate called directly)`,
  );
}
console.log(
  "\nms; ratio = hand-written p50 / ours p50 (1.00 = as fast as the bare SQL). Ours includes the session lookup, the review settings, today's exam plans and, for a rating, a shared set's access check; the hand-written side has none of these. A rating's achievement re-evaluation runs after its answer and is shown on its own line.",
);
for (const r of results) {
  console.log(
    `\nEXPLAIN ANALYZE of the app's due-queue query on ${r.kind} (index ${r.usesIndex ? "used" : "NOT USED"}):\n${r.plan}`,
  );
}
process.exitCode = missed ? 1 : 0;
