// insertMany (db/bulk.ts) on both databases: COPY's text format on PGlite, unnest arrays on PostgreSQL.
// Values that need escaping in one or the other come back as written, and foreign keys still hold.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "#tests/test-app.ts";
import { appendsByCopy, appendUnderParents, insertMany, insertManyReturningIds, rowsOf } from "./bulk.ts";
import type { Database } from "./client.ts";

let database: Database;
let userId: number;
let setId: number;

beforeAll(async () => {
  database = await freshDatabase();
  const { db } = database;
  [{ id: userId }] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into users (email, username, password_hash, first_name, last_name)
      values ('bulk@example.com', 'bulk', 'x', 'B', 'U') returning id`),
  ) as [{ id: number }];
  const [study] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into study_sets (user_id, title) values (${userId}, 'S') returning id`),
  );
  [{ id: setId }] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into flashcard_sets (user_id, study_set_id, title)
      values (${userId}, ${study!.id}, 'F') returning id`),
  ) as [{ id: number }];
});
afterAll(() => database.close());

const COLUMNS = [
  ["user_id", "int"],
  ["flashcard_set_id", "int"],
  ["question", "text"],
  ["answer", "text"],
  ["hint", "text"],
  ["tags", "text[]"],
] as const;

describe("insertMany", () => {
  it("writes text with tabs, line breaks, backslashes and quotes, tags with commas and braces, and nulls as written", async () => {
    const awkward = 'tab\there\nline\r\nback\\slash \\N "quoted" {braces}';
    const tags = ["a,b", 'q"uote', "back\\slash", "{x}", "NULL", ""];
    await database.db.transaction((tx) =>
      insertMany(tx, "flashcards", COLUMNS, [
        [userId, setId, awkward, "\\N", null, tags],
        [userId, setId, "plain", "", "hint", []],
      ]),
    );
    const rows = rowsOf<{ question: string; answer: string; hint: string | null; tags: string[] }>(
      await database.db.execute(
        sql`select question, answer, hint, tags from flashcards where flashcard_set_id = ${setId} order by id`,
      ),
    );
    expect(rows).toEqual([
      { question: awkward, answer: "\\N", hint: null, tags },
      { question: "plain", answer: "", hint: "hint", tags: [] },
    ]);
  });

  it("keeps foreign keys: a row whose parent does not exist fails the whole statement", async () => {
    await expect(
      database.db.transaction((tx) =>
        insertMany(tx, "flashcards", COLUMNS, [
          [userId, setId, "ok", "ok", null, []],
          [userId, setId + 1000, "orphan", "orphan", null, []],
        ]),
      ),
    ).rejects.toThrow();
    const [{ n }] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from flashcards where question = 'ok'`),
    ) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe("insertManyReturningIds", () => {
  it("answers each new row's id in the order of the rows given", async () => {
    const questions = Array.from({ length: 7 }, (_, i) => `order ${i}`);
    const ids = await database.db.transaction((tx) =>
      insertManyReturningIds(
        tx,
        "flashcards",
        COLUMNS,
        questions.map((q) => [userId, setId, q, "a", null, ["t"]]),
      ),
    );
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
    const rows = rowsOf<{ id: number; question: string }>(
      await database.db.execute(sql`select id, question from flashcards where question like 'order %'`),
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r.question]));
    expect(ids.map((id) => byId.get(id))).toEqual(questions);
    expect(await insertManyReturningIds(database.db, "flashcards", COLUMNS, [])).toEqual([]);
  });
});

describe("appendUnderParents", () => {
  const count = async (question: string) =>
    rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from flashcards where question = ${question}`),
    )[0]!.n;
  const role = async (tx: { execute: typeof database.db.execute }) =>
    rowsOf<{ role: string }>(
      await tx.execute(sql`select current_setting('session_replication_role') as role`),
    )[0]!.role;

  it("checks each parent once, and on PGlite turns the row checks off for that transaction only", async () => {
    await database.db.transaction(async (tx) => {
      expect(
        await appendUnderParents(tx, [
          ["users", userId],
          ["flashcard_sets", setId],
        ]),
      ).toBe(true);
      expect(await role(tx)).toBe(appendsByCopy(tx) ? "replica" : "origin");
      await insertMany(tx, "flashcards", COLUMNS, [[userId, setId, "under parents", "a", null, []]]);
    });
    expect(await count("under parents")).toBe(1);
    // The next transaction checks every row again: an orphan is refused.
    expect(await role(database.db)).toBe("origin");
    await expect(
      database.db.transaction((tx) =>
        insertMany(tx, "flashcards", COLUMNS, [[userId, setId + 1000, "orphan after", "a", null, []]]),
      ),
    ).rejects.toThrow();
    expect(await count("orphan after")).toBe(0);
  });

  it("answers false for a missing parent and leaves the checks on", async () => {
    await database.db.transaction(async (tx) => {
      expect(
        await appendUnderParents(tx, [
          ["users", userId],
          ["flashcard_sets", setId + 1000],
        ]),
      ).toBe(false);
      expect(await role(tx)).toBe("origin");
    });
  });
});
