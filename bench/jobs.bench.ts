// `npm run bench:jobs` (issue 23): reminders as background jobs on PostgreSQL.
// Seeds N students (default 10,000) in bulk SQL, each with a task due within the hour, one due next week,
// 5 flashcards with 3 due, and one push subscription on the project's fake push service (tests/fixtures,
// VAPID checked, payload decrypted). The app's clock stands at 18:01 UTC, the default daily review time.
//   1. "Who is due": the tick's query (reminders.repo.ts dueStudents) against a hand-written SQL statement
//      selecting the same rows on a plain pg client: p50/p99 and the ratio baseline p50 / ours p50.
//   2. One whole reminder tick: find who is due, enqueue a delivery job per student (one statement per
//      500), and the workers deliver every reminder (stored in the bell, pushed), up to 100 students per
//      batch: wall time, throughput and the statements sent to PostgreSQL meanwhile (the app's and
//      pg-boss's, its polling included), beside the baseline query's time (ratio).
//   3. Latency: deliveries enqueued at --rate per second (default 50) for --samples students with a new
//      task due: p50/p99 from enqueue to the push service accepting the message.
// Flags: --students 10000 --rate 50 --samples 200. PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test); a fresh database is created there and dropped after.
import os from "node:os";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import { openDatabase } from "#server/db/client.ts";
import { deliverRemindersJob } from "#server/features/reminders/reminders.jobs.ts";
import { remindersRepo } from "#server/features/reminders/reminders.repo.ts";
import { FakePushService } from "#tests/fixtures/fake-push-service.ts";
import { scratchPostgres, testConfig } from "#tests/test-app.ts";
import { benchArgs } from "./args.ts";
import { adminUrl, compare, comparisonHeader, printComparison, roundTrips } from "./db-bench-kit.ts";

const args = benchArgs({ numbers: { students: 10_000, rate: 50, samples: 200 } });
const N = args.students;

const NOW = new Date("2026-03-02T18:01:00Z");
const clock = { now: () => new Date(NOW) };

const fake = await new FakePushService().start();
/** When the push service accepted each message, by endpoint (latency phase). */
const acceptedAt = new Map<string, number>();
const push = fake.received.push.bind(fake.received);
fake.received.push = (...messages) => {
  for (const m of messages) acceptedAt.set(m.endpoint, performance.now());
  return push(...messages);
};

const scratch = await scratchPostgres(adminUrl, "studyhall_bench");
const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
const app = await buildApp(
  testConfig({
    checkResponses: false,
    role: "all",
    clock,
    jobTuning: { pollingIntervalSeconds: 0.5 },
    push: { insecureHosts: [fake.host], timeoutMs: 5_000, concurrency: 32 },
  }),
  database,
);
await app.ready();
await app.jobs.workersStarted();
const raw = new pg.Client({ connectionString: scratch.url });
await raw.connect();

const ms = (n: number) => `${n.toFixed(1)} ms`;
try {
  console.log(
    `bench:jobs — ${N} students, PostgreSQL, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const seedStart = performance.now();
  await raw.query(
    `insert into users (email, username, password_hash, first_name, last_name, is_onboarded)
     select 'jobs' || i || '@school.edu', 'jobs_' || i, 'x', 'Bench', 'Student', true
     from generate_series(1, $1) i`,
    [N],
  );
  await raw.query(
    `insert into tasks (user_id, title, due_date)
     select u.id, 'Essay ' || u.id, $1::timestamptz + interval '50 minutes' from users u
     union all select u.id, 'Project ' || u.id, $1::timestamptz + interval '7 days' from users u`,
    [NOW.toISOString()],
  );
  await raw.query(`insert into study_sets (user_id, title) select id, 'Biology' from users`);
  await raw.query(
    `insert into flashcard_sets (user_id, study_set_id, title) select user_id, id, 'Cells' from study_sets`,
  );
  await raw.query(
    `insert into flashcards (user_id, flashcard_set_id, question, answer)
     select fs.user_id, fs.id, 'Q' || g, 'A' || g from flashcard_sets fs, generate_series(1, 5) g`,
  );
  // 3 of each student's 5 cards reviewed before and due now; the other 2 stay new (0 new per day below).
  await raw.query(
    `insert into card_states (user_id, flashcard_id, due, stability, difficulty, elapsed_days, scheduled_days,
       learning_steps, reps, lapses, state, last_review)
     select f.user_id, f.id, $1::timestamptz - interval '1 hour', 3, 5, 3, 3, 0, 2, 0, 2,
       $1::timestamptz - interval '3 days'
     from flashcards f where f.question in ('Q1', 'Q2', 'Q3')`,
    [NOW.toISOString()],
  );
  await raw.query(`insert into user_settings (user_id, new_cards_per_day) select id, 0 from users`);
  const { publicKey } = await app.services.notifications.publicKey();
  const users = (await raw.query(`select id from users order by id`)).rows.map((r) => Number(r.id));
  const endpointOf = new Map<number, string>();
  for (let i = 0; i < users.length; i += 1000) {
    const chunk = users.slice(i, i + 1000).map((id) => {
      const sub = fake.subscribe({ applicationServerKey: publicKey });
      endpointOf.set(id, sub.endpoint);
      return [id, sub.endpoint, sub.keys.p256dh, sub.keys.auth];
    });
    await raw.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, vapid_public_key)
       select (x->>0)::int, x->>1, x->>2, x->>3, $2 from jsonb_array_elements($1::jsonb) x`,
      [JSON.stringify(chunk), publicKey],
    );
  }
  await raw.query("analyze");
  console.log(`seeded in ${ms(performance.now() - seedStart)}`);

  // 1. Who is due: ours against a hand-written statement selecting the same rows.
  const baselineSql = `
    select user_id from tasks
      where not completed and due_date > $1 and due_date <= $1::timestamptz + interval '24 hours'
    union
    select user_id from card_states where due <= $1
    order by 1`;
  const baseline = async () => (await raw.query(baselineSql, [NOW.toISOString()])).rows.map((r) => r.user_id);
  const ours = () => remindersRepo.dueStudents(app.db, NOW, 100_000);
  const [a, b] = [await ours(), await baseline()];
  if (a.length !== N || JSON.stringify(a) !== JSON.stringify(b))
    throw new Error(`the two queries disagree: ${a.length} vs ${b.length} rows`);
  comparisonHeader();
  const find = await compare(ours, baseline, 20, 4);
  printComparison("who is due (query)", find);

  // 2. One whole tick: find, enqueue, deliver everything (2 reminders per student: task 1 h, 3 cards due).
  const before = fake.received.length;
  const start = performance.now();
  const expected = 2 * N;
  let tick = { due: 0, enqueued: 0 };
  let enqueuedAt = 0;
  const trips = await roundTrips(async () => {
    tick = await app.services.reminders.enqueueDue();
    enqueuedAt = performance.now();
    await fake.waitForMessages(before + expected, 30 * 60_000);
  });
  const wall = performance.now() - start;
  const stored = Number((await raw.query(`select count(*) from notifications`)).rows[0].count);
  const baselineMs = find.baseline.p50;
  console.log(
    `tick: ${tick.due} due, ${tick.enqueued} enqueued in ${ms(enqueuedAt - start)}; ${stored} reminders stored ` +
      `and ${fake.received.length - before} pushed in ${ms(wall)} wall ` +
      `(${((N / wall) * 1000).toFixed(0)} students/s, ${((expected / wall) * 1000).toFixed(0)} pushes/s, ` +
      `${trips} statements, ${(trips / N).toFixed(2)} per student); ` +
      `baseline query ${ms(baselineMs)} — tick/baseline ${(wall / baselineMs).toFixed(0)}x`,
  );
  if (stored !== expected) throw new Error(`expected ${expected} notifications, found ${stored}`);

  // 3. Enqueue-to-delivery latency at a steady rate: each student sampled gets a new task due in 30 min.
  const sample = users
    .filter((_, i) => i % Math.max(1, Math.floor(N / args.samples)) === 0)
    .slice(0, args.samples);
  acceptedAt.clear();
  const sentAt = new Map<number, number>();
  const interval = 1000 / args.rate;
  const t0 = performance.now();
  for (let i = 0; i < sample.length; i++) {
    const wait = t0 + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Each task inserted just before its delivery is enqueued: inserted all at once, the app's own cron
    // tick (every 5 minutes of the wall clock, the app's clock stands still) delivered them unasked.
    await raw.query(
      `insert into tasks (user_id, title, due_date) values ($1, 'Quiz', $2::timestamptz + interval '30 minutes')`,
      [sample[i], NOW.toISOString()],
    );
    sentAt.set(sample[i]!, performance.now());
    await app.jobs.enqueue(deliverRemindersJob, { userId: sample[i]! });
  }
  await fake.waitForMessages(before + expected + sample.length, 5 * 60_000);
  const latencies = sample
    .map((id) => acceptedAt.get(endpointOf.get(id)!)! - sentAt.get(id)!)
    .sort((x, y) => x - y);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  console.log(
    `latency at ${args.rate} deliveries/s (${sample.length} deliveries, polling 0.5 s, ${deliverRemindersJob.concurrency} handlers of up to ${deliverRemindersJob.batch?.size ?? 1} jobs): ` +
      `p50 ${ms(q(0.5))}, p99 ${ms(q(0.99))}, max ${ms(latencies.at(-1)!)}`,
  );
  console.log(
    `load after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await raw.end();
  await app.close();
  await database.close();
  await scratch.drop();
  await fake.close();
}
