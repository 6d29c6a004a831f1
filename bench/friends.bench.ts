// `npm run bench:friends` (issue 13): 10,000 students, each with 50 friends (and a pending request) and in
// 5 study groups of 10 with 2 shared study sets each, seeded with bulk SQL (generate_series) on PostgreSQL.
// Times, one call at a time for students picked across the table, the friends list and the group page:
// the service's queries (what the endpoint runs after the session check) against one hand-written SQL
// statement answering the same rows on a plain pg pool, and the whole GET over HTTP against a node:http
// reference server doing the session lookup and that statement. Prints p50/p99, the ratio baseline p50 / ours p50 (target >= 0.7)
// and EXPLAIN (ANALYZE) of every statement ours sends, to show the index use.
// Smaller: FRIENDS_BENCH_STUDENTS=2000; BENCH_SAMPLES=200 calls per measurement.
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test);
// a fresh database is created there and dropped afterwards.
import { createUser } from "#tests/factories.ts";
import {
  adminUrl,
  captureStatements,
  compare,
  comparisonHeader,
  explain,
  httpGet,
  listen,
  openBenchDb,
  printComparison,
  roundTrips,
  startReference,
} from "./db-bench-kit.ts";

/** Asks for an uncompressed answer (fetch asks for gzip by default, which our app then sends). */
const IDENTITY = { "accept-encoding": "identity" };
const STUDENTS = Number(process.env.FRIENDS_BENCH_STUDENTS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const FRIENDS = 50;
const GROUPS_EACH = 5;
const GROUP_SIZE = 10;
const SETS_PER_GROUP = 2;

const b = await openBenchDb();
const { app, raw, pool } = b;
try {
  // One student through the API (a real session), the rest in bulk; the API one is in the same shape.
  const me = await createUser(app, { firstName: "Bench" });
  const first = me.user.id;
  const n = STUDENTS;
  await raw.query(
    `insert into users (email, username, password_hash, first_name, last_name)
     select 'student' || g || '@bench.test', 'student_' || g, 'x',
            (array['Ada','Bob','Cat','Dan','Eve','Fay','Gus','Hal'])[1 + g % 8], 'Student ' || g
     from generate_series(2, $1) g`,
    [n],
  );
  // Ids first .. first + n - 1; student k (0-based) asks k+1 .. k+25 (mod n): 25 asked + 25 asking = 50.
  await raw.query(
    `insert into friendships (requester_id, addressee_id, status, responded_at)
     select $1 + k, $1 + (k + d) % $2, 'accepted', now()
     from generate_series(0, $2 - 1) k, generate_series(1, $3 / 2) d`,
    [first, n, FRIENDS],
  );
  await raw.query(
    `insert into friendships (requester_id, addressee_id) select $1 + k, $1 + (k + $3 / 2 + 1) % $2
     from generate_series(0, $2 - 1) k`,
    [first, n, FRIENDS],
  );
  // Membership slot s of student k is group (k + s*n) / size: 5 groups each, 10 consecutive students per group.
  const groups = (n * GROUPS_EACH) / GROUP_SIZE;
  await raw.query(
    `insert into study_groups (owner_id, name, description)
     select $1 + ((g * $2) % $3), 'Group ' || g, 'Weekly study group ' || g from generate_series(0, $4 - 1) g`,
    [first, GROUP_SIZE, n, groups],
  );
  const firstGroup = (await raw.query("select min(id) as id from study_groups")).rows[0].id as number;
  await raw.query(
    `insert into study_group_members (group_id, user_id, role, joined_at)
     select $1 + (k + s * $2) / $3, $4 + k,
            case when (k + s * $2) % $3 = 0 then 'admin' else 'member' end, now() - make_interval(mins => k)
     from generate_series(0, $2 - 1) k, generate_series(0, $5 - 1) s`,
    [firstGroup, n, GROUP_SIZE, first, GROUPS_EACH],
  );
  await raw.query(
    `insert into study_sets (user_id, title, description) select $1 + k, 'Study set ' || k, 'Notes of ' || k
     from generate_series(0, $2 - 1) k`,
    [first, n],
  );
  // Each group shows the sets of its first SETS_PER_GROUP members.
  await raw.query(
    `insert into study_group_sets (group_id, study_set_id, shared_by)
     select m.group_id, s.id, m.user_id from (
       select group_id, user_id, row_number() over (partition by group_id order by user_id) as r
       from study_group_members) m
     join study_sets s on s.user_id = m.user_id where m.r <= $1`,
    [SETS_PER_GROUP],
  );
  await raw.query("analyze");

  const counts = (
    await raw.query(
      `select (select count(*) from users) as users, (select count(*) from friendships) as friendships,
              (select count(*) from study_groups) as groups, (select count(*) from study_group_members) as members,
              (select count(*) from study_group_sets) as shared`,
    )
  ).rows[0];

  // Students picked across the table, so no single hot row answers every call.
  const picks = Array.from({ length: 16 }, (_, i) => first + Math.floor((i * n) / 16));
  let turn = 0;
  const next = () => picks[turn++ % picks.length]!;
  const groupOf = async (userId: number) =>
    (await raw.query("select min(group_id) as id from study_group_members where user_id = $1", [userId]))
      .rows[0].id as number;
  const pickGroups = new Map<number, number>();
  for (const u of picks) pickGroups.set(u, await groupOf(u));
  const myGroup = await groupOf(first);

  const FRIENDS_SQL = `
    select u.id, u.first_name as "firstName", u.last_name as "lastName", u.username, u.avatar_url as "avatarUrl"
    from friendships f
    join users u on u.id = case when f.requester_id = $1 then f.addressee_id else f.requester_id end
    where (f.requester_id = $1 or f.addressee_id = $1) and f.status = 'accepted'
    order by u.first_name, u.last_name, u.id`;
  const GROUP_SQL = `
    select g.id, g.name, g.description, g.is_private as "isPrivate", me.role,
      (select count(*)::int from study_group_members c where c.group_id = g.id) as "memberCount",
      (select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
          'username', u.username, 'avatarUrl', u.avatar_url, 'role', m.role) order by m.joined_at, u.id)
        from study_group_members m join users u on u.id = m.user_id where m.group_id = g.id) as members,
      (select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'description', s.description,
          'color', s.color, 'sharedBy', json_build_object('id', u.id, 'firstName', u.first_name,
          'lastName', u.last_name, 'username', u.username, 'avatarUrl', u.avatar_url))
          order by gs.created_at, gs.study_set_id), '[]')
        from study_group_sets gs join study_sets s on s.id = gs.study_set_id join users u on u.id = gs.shared_by
        where gs.group_id = g.id) as sets
    from study_groups g join study_group_members me on me.group_id = g.id and me.user_id = $2
    where g.id = $1`;

  // Same answers, or the comparison means nothing.
  const ourFriends = await app.services.friends.list(first);
  const baseFriends = (await raw.query(FRIENDS_SQL, [first])).rows;
  // Compared by id: JavaScript's localeCompare and the database's collation may order names differently.
  const byId = (rows: Array<{ id: number }>) => JSON.stringify([...rows].sort((x, y) => x.id - y.id));
  if (ourFriends.length !== FRIENDS || byId(ourFriends) !== byId(baseFriends)) {
    throw new Error(`friends differ: ours ${ourFriends.length}, baseline ${baseFriends.length}`);
  }
  const ourGroup = await app.services.groups.get(first, myGroup);
  const baseGroup = (await raw.query(GROUP_SQL, [myGroup, first])).rows[0];
  if (
    ourGroup.members.length !== baseGroup.members.length ||
    ourGroup.sets.length !== baseGroup.sets.length ||
    ourGroup.memberCount !== baseGroup.memberCount
  ) {
    throw new Error("group page differs from the baseline");
  }

  const friendsService = await compare(
    () => app.services.friends.list(next()),
    () => pool.query(FRIENDS_SQL, [next()]),
    SAMPLES,
  );
  const server = await listen(app);
  const reference = await startReference(pool, {
    "/friends": async (userId) => (await pool.query(FRIENDS_SQL, [userId])).rows,
    "/group": async (userId) => (await pool.query(GROUP_SQL, [myGroup, userId])).rows[0],
  });
  const friendsHttp = await compare(
    () => httpGet(`${server}/api/friends`, me.token),
    () => httpGet(`${reference.base}/friends`, me.token),
    SAMPLES,
  );
  // The same GETs with compression declined: the baseline never compresses, so the difference between this
  // row and the one above is what gzip costs both ends (fetch inflates in this same process).
  const friendsHttpIdentity = await compare(
    () => httpGet(`${server}/api/friends`, me.token, IDENTITY),
    () => httpGet(`${reference.base}/friends`, me.token, IDENTITY),
    SAMPLES,
  );
  const groupService = await compare(
    () => {
      const u = next();
      return app.services.groups.get(u, pickGroups.get(u)!);
    },
    () => {
      const u = next();
      return pool.query(GROUP_SQL, [pickGroups.get(u)!, u]);
    },
    SAMPLES,
  );
  const groupHttp = await compare(
    () => httpGet(`${server}/api/study-groups/${myGroup}`, me.token),
    () => httpGet(`${reference.base}/group`, me.token),
    SAMPLES,
  );
  const groupHttpIdentity = await compare(
    () => httpGet(`${server}/api/study-groups/${myGroup}`, me.token, IDENTITY),
    () => httpGet(`${reference.base}/group`, me.token, IDENTITY),
    SAMPLES,
  );
  await reference.close();

  const friendsTrips = await roundTrips(() => app.services.friends.list(first));
  const groupTrips = await roundTrips(() => app.services.groups.get(first, myGroup));

  console.log(`bench:friends on PostgreSQL (${new URL(adminUrl).host}), ${SAMPLES} calls each`);
  console.log(
    `${counts.users} students, ${counts.friendships} friendships (${FRIENDS} friends + 1 pending request each), ` +
      `${counts.groups} groups, ${counts.members} memberships (${GROUPS_EACH} each), ${counts.shared} shared sets`,
  );
  console.log(
    "baseline: one hand-written SQL statement on a plain pg pool, same rows; for the GET rows a node:http\n" +
      "server that looks the session up (as any handler must), runs that statement and sends JSON; both GETs\n" +
      "are timed over real HTTP on a kept-alive connection\n",
  );
  comparisonHeader();
  printComparison("friends list (service)", friendsService);
  printComparison("GET /api/friends", friendsHttp);
  printComparison("  same, Accept-Encoding: identity", friendsHttpIdentity);
  printComparison("group page (service)", groupService);
  printComparison(`GET /api/study-groups/{id}`, groupHttp);
  printComparison("  same, Accept-Encoding: identity", groupHttpIdentity);
  console.log(
    `\nround trips: friends list ${friendsTrips}, group page ${groupTrips} (baseline 1 each); ` +
      "the GET requests add 1 for the session (the baseline's too)",
  );
  // The GET targets are judged like for like: the same uncompressed bytes from both servers. The gzip rows
  // also time fetch inflating our answer in this process, work the baseline's answer never asks for.
  const met = (r: number) => (r >= 0.7 ? "met" : "MISSED");
  console.log(
    `targets (>= 0.7x): friends ${met(friendsService.ratio)} (service) / ${met(friendsHttpIdentity.ratio)} (HTTP), ` +
      `group page ${met(groupService.ratio)} (service) / ${met(groupHttpIdentity.ratio)} (HTTP); ` +
      "HTTP judged on the identity rows (same bytes both sides), the gzip rows are information",
  );

  for (const [label, fn] of [
    ["friends list", () => app.services.friends.list(first)],
    ["group page", () => app.services.groups.get(first, myGroup)],
  ] as const) {
    for (const st of await captureStatements(fn)) {
      console.log(`\nEXPLAIN (ANALYZE) ${label}: ${st.text.replace(/\s+/g, " ").slice(0, 160)}...`);
      console.log(await explain(raw, st.text, st.values));
    }
  }
} finally {
  await b.close();
}
