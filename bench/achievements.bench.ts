// `npm run bench:achievements` (issue 12): a student with 5,000 study sessions, 2,000 tasks and 20,000 card
// reviews on PostgreSQL. Times one re-evaluation of every achievement (the service, as an event triggers
// it) against the single hand-written SQL aggregate that computes the same numbers on a plain pg pool
// (plus the same streak function on its rows), and GET /api/study-stats/{id} over HTTP against a node:http
// reference server that looks the session up and answers that aggregate. Prints p50/p99, the ratio
// baseline p50 / ours p50 (target >= 0.5) and the database round trips per evaluation (target: fewer than
// the 10 criteria types).
// Smaller: ACHIEVEMENTS_BENCH_SCALE=0.1 (sizes x 0.1); BENCH_SAMPLES=200 calls per measurement.
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test);
// a fresh database is created there and dropped afterwards.
import { levelFor, studyStreak } from "#shared/achievements/progress.ts";
import { createUser } from "#tests/factories.ts";
import {
  adminUrl,
  compare,
  comparisonHeader,
  httpGet,
  listen,
  openBenchDb,
  printComparison,
  roundTrips,
  startReference,
} from "./db-bench-kit.ts";

const SCALE = Number(process.env.ACHIEVEMENTS_BENCH_SCALE ?? 1);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const SESSIONS = Math.round(5_000 * SCALE);
const TASKS = Math.round(2_000 * SCALE);
const REVIEWS = Math.round(20_000 * SCALE);
const CARDS = 500;
const FRIENDS = 20;
const CRITERIA_TYPES = 10;

const b = await openBenchDb();
const { app, raw, pool } = b;
try {
  const student = await createUser(app, { firstName: "Bench" });
  const id = student.user.id;

  // Bulk seed in SQL: a year of study, so the streak and study-day work is real.
  await raw.query("insert into user_settings (user_id, time_zone) values ($1, 'America/New_York')", [id]);
  const set = (
    await raw.query("insert into study_sets (user_id, title) values ($1, 'Bench') returning id", [id])
  ).rows[0].id;
  const fcSet = (
    await raw.query(
      "insert into flashcard_sets (user_id, study_set_id, title) values ($1, $2, 'Bench') returning id",
      [id, set],
    )
  ).rows[0].id;
  await raw.query(
    `insert into flashcards (user_id, flashcard_set_id, question, answer)
     select $1, $2, 'Question ' || g, 'Answer ' || g from generate_series(1, $3) g`,
    [id, fcSet, CARDS],
  );
  await raw.query(
    `insert into study_sessions (user_id, study_set_id, duration_seconds, ended_at)
     select $1, $2, 900 + (g % 7) * 300, now() - make_interval(mins => g * 97) from generate_series(1, $3) g`,
    [id, set, SESSIONS],
  );
  await raw.query(
    `insert into tasks (user_id, title, completed, completed_at, due_date)
     select $1, 'Task ' || g, g % 3 <> 0, case when g % 3 <> 0 then now() - make_interval(hours => g) end,
            now() + make_interval(hours => g)
     from generate_series(1, $2) g`,
    [id, TASKS],
  );
  await raw.query(
    `insert into card_reviews (user_id, flashcard_id, rating, state, elapsed_days, scheduled_days, reviewed_at)
     select $1, f.first + (g % $3), 3, 2, 1, 3, now() - make_interval(mins => g * 23)
     from generate_series(1, $2) g, (select min(id) as first from flashcards where user_id = $1) f`,
    [id, REVIEWS, CARDS],
  );
  await raw.query(
    `insert into quiz_attempts (user_id, flashcard_set_id, correct, total)
     select $1, $2, case when g % 4 = 0 then 10 else 7 end, 10 from generate_series(1, 100) g`,
    [id, fcSet],
  );
  await raw.query(
    `insert into study_documents (user_id, study_set_id, title, content)
     select $1, $2, 'Notes ' || g, 'Lecture notes ' || g from generate_series(1, 30) g`,
    [id, set],
  );
  await raw.query(
    `with others as (
       insert into users (email, username, password_hash, first_name, last_name)
       select 'friend' || g || '@bench.test', 'friend_' || g, 'x', 'Friend', 'No ' || g
       from generate_series(1, $2) g returning id
     )
     insert into friendships (requester_id, addressee_id, status) select $1, id, 'accepted' from others`,
    [id, FRIENDS],
  );
  await raw.query("analyze");

  const progress = app.services.achievements;
  const firstAwarded = await progress.evaluate(id); // earns what the facts justify
  const steadyTrips = await roundTrips(() => progress.evaluate(id));
  // A new fact with something due: the evaluation that awards (one achievement removed, earned again).
  await raw.query(
    `delete from user_achievements where id = (select max(id) from user_achievements where user_id = $1)`,
    [id],
  );
  const awardingTrips = await roundTrips(() => progress.evaluate(id));
  const statsTrips = await roundTrips(() =>
    app.inject({ method: "GET", url: `/api/study-stats/${id}`, headers: student.headers }),
  );

  // The baseline: one hand-written aggregate over the same tables, on a plain pg client.
  const BASELINE_SQL = `
    select s.tz as "timeZone", ss.seconds as "studySeconds", ss.sessions,
      (select count(*) from tasks where user_id = $1 and completed) as "tasksCompleted",
      (select count(*) from flashcards where user_id = $1) as flashcards,
      (select count(*) from card_reviews where user_id = $1) as reviews,
      (select count(*) from quiz_attempts where user_id = $1 and total > 0 and correct = total) as "perfectQuizzes",
      (select count(*) from friendships where status = 'accepted' and $1 in (requester_id, addressee_id)) as friends,
      (select count(*) from study_sets where user_id = $1) as "studySets",
      (select count(*) from study_documents where user_id = $1) as documents,
      (select coalesce(sum(a.points), 0) from user_achievements ua join achievements a on a.id = ua.achievement_id
        where ua.user_id = $1) as points,
      (select array_agg(achievement_id) from user_achievements where user_id = $1) as earned,
      (select array_agg(first) from (
         select min(at) as first from (
           select ended_at as at from study_sessions where user_id = $1
           union all select reviewed_at from card_reviews where user_id = $1) a
         group by (at at time zone s.tz)::date) d) as days
    from (select coalesce((select time_zone from user_settings where user_id = $1), 'UTC') as tz) s,
      (select coalesce(sum(duration_seconds), 0) as seconds, count(*) as sessions
        from study_sessions where user_id = $1) ss`;
  const baseline = async (userId = id) => {
    const row = (await pool.query(BASELINE_SQL, [userId])).rows[0];
    const streak = studyStreak(row.days as Date[], new Date(), row.timeZone);
    return {
      totalStudyTime: Math.floor(Number(row.studySeconds) / 60),
      currentStudyStreak: streak.current,
      longestStudyStreak: streak.longest,
      level: levelFor(Number(row.points)).level,
      totalPoints: Number(row.points),
      totalTasksCompleted: Number(row.tasksCompleted),
      sessions: Number(row.sessions),
    };
  };

  // Both compute the same numbers, or the comparison means nothing.
  const mine = await progress.stats(id);
  const base = await baseline();
  for (const k of [
    "totalStudyTime",
    "currentStudyStreak",
    "longestStudyStreak",
    "level",
    "totalPoints",
  ] as const) {
    if (mine[k] !== base[k])
      throw new Error(`baseline disagrees on ${k}: ours ${mine[k]}, baseline ${base[k]}`);
  }
  if (
    mine.totalTasksCompleted !== base.totalTasksCompleted ||
    mine.studyHabitData.sessionsCount !== base.sessions
  ) {
    throw new Error("baseline disagrees on the counts");
  }

  const evaluation = await compare(() => progress.evaluate(id), baseline, SAMPLES);
  const server = await listen(app);
  const reference = await startReference(pool, { "/stats": (userId) => baseline(userId) });
  const stats = await compare(
    () => httpGet(`${server}/api/study-stats/${id}`, student.token),
    () => httpGet(`${reference.base}/stats`, student.token),
    SAMPLES,
  );
  await reference.close();

  console.log(`bench:achievements on PostgreSQL (${new URL(adminUrl).host}), ${SAMPLES} calls each`);
  console.log(
    `student: ${SESSIONS} sessions, ${TASKS} tasks, ${REVIEWS} reviews, ${CARDS} cards, ${FRIENDS} friends; ` +
      `streak ${mine.currentStudyStreak} days (longest ${mine.longestStudyStreak}), ${mine.totalPoints} points, ` +
      `level ${mine.level}, ${firstAwarded.length} achievements earned by the first evaluation`,
  );
  console.log(
    "baseline: one hand-written SQL aggregate on a plain pg pool + the same streak function; for the GET a\n" +
      "node:http server doing the session lookup and that, both timed over real HTTP (kept-alive)\n",
  );
  comparisonHeader();
  printComparison("re-evaluate all achievements", evaluation);
  printComparison("GET /api/study-stats/{id}", stats);
  console.log(
    `\nround trips per evaluation: ${steadyTrips} with nothing new due, ${awardingTrips} when one is awarded ` +
      `(target < ${CRITERIA_TYPES}, one per criteria type); GET /api/study-stats: ${statsTrips} (session + facts)`,
  );
  console.log(
    `targets: ratio >= 0.5x -> evaluation ${evaluation.ratio >= 0.5 ? "met" : "MISSED"}, stats ${stats.ratio >= 0.5 ? "met" : "MISSED"}; ` +
      `round trips ${Math.max(steadyTrips, awardingTrips) < CRITERIA_TYPES ? "met" : "MISSED"}`,
  );
} finally {
  await b.close();
}
