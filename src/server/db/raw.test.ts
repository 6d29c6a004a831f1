// rawRows on both drivers (TEST_DB=postgres for the second): values of every kind the hot statements
// pass arrive as the server types them, rows come back decoded as the driver decodes them, an error is
// the database's own, and on PGlite a statement never runs between the statements of an open transaction.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "#tests/test-app.ts";
import type { Database } from "./client.ts";
import { rawRows } from "./raw.ts";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(
    sql`create table raw_probe (id serial primary key, n int, flag boolean, note text, doc jsonb, at timestamptz)`,
  );
});
afterAll(() => database.close());

describe("rawRows", () => {
  it("sends numbers, booleans, text, json, null, dates and int arrays, and reads the rows back decoded", async () => {
    const at = "2026-03-09T12:30:00.000Z";
    const inserted = await rawRows<{ id: number }>(
      database.db,
      `insert into raw_probe (n, flag, note, doc, at) values ($1, $2, $3, $4::jsonb, $5), ($6, $7, $8, $9::jsonb, $10)
        returning id`,
      [7, true, 'quote " and \\ backslash', JSON.stringify([{ n: 1 }]), at, 8, false, null, null, at],
    );
    const ids = inserted.map((r) => r.id);
    const rows = await rawRows<Record<string, unknown>>(
      database.db,
      "select n, flag, note, doc, at from raw_probe where id = any($1::int[]) order by id",
      [ids],
    );
    expect(rows).toEqual([
      { n: 7, flag: true, note: 'quote " and \\ backslash', doc: [{ n: 1 }], at: new Date(at) },
      { n: 8, flag: false, note: null, doc: null, at: new Date(at) },
    ]);
    const [texts] = await rawRows<{ words: string[] }>(database.db, "select $1::text[] as words", [
      ['a "quoted" word', "back\\slash", "plain"],
    ]);
    expect(texts?.words).toEqual(['a "quoted" word', "back\\slash", "plain"]);
  });

  it("fails with the database's error and leaves the connection usable", async () => {
    const failed = await rawRows(database.db, "select 1 / $1::int as x", [0]).catch((e: unknown) => e);
    expect((failed as { code?: string }).code).toBe("22012");
    expect(await rawRows(database.db, "select $1::int + 1 as x", [1])).toEqual([{ x: 2 }]);
  });

  it("waits for an open transaction to end instead of running inside it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into raw_probe (n) values (100)`);
        entered();
        await gate;
        tx.rollback();
      })
      .catch(() => undefined);
    await inside;
    // Written while the transaction is open: on PGlite's one connection it must not join it (and be
    // rolled back with it); on PostgreSQL it runs on a connection of its own.
    const written = rawRows(database.db, "insert into raw_probe (n) values ($1) returning n", [200]);
    release();
    await transaction;
    expect(await written).toEqual([{ n: 200 }]);
    const rows = await rawRows<{ n: number }>(
      database.db,
      "select n from raw_probe where n = any($1::int[]) order by n",
      [[100, 200]],
    );
    expect(rows).toEqual([{ n: 200 }]);
  });

  it("runs a named statement again without parsing it, also after its execution failed", async () => {
    const text = "select 10 / $1::int as x";
    const failed = await rawRows(database.db, text, [0], "raw_probe_divide").catch((e: unknown) => e);
    expect((failed as { code?: string }).code).toBe("22012");
    for (const n of [1, 2, 5, 10, 5, 2])
      expect(await rawRows(database.db, text, [n], "raw_probe_divide")).toEqual([{ x: 10 / n }]);
  });

  it("runs inside a transaction on its connection: sees its rows and is rolled back with it", async () => {
    const seen = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into raw_probe (n) values (300)`);
        const rows = await rawRows<{ n: number }>(
          tx,
          "select n from raw_probe where n = $1",
          [300],
          "raw_probe_by_n",
        );
        await rawRows(tx, "insert into raw_probe (n) values ($1)", [301]);
        tx.rollback();
        return rows;
      })
      .catch((e: unknown) => e);
    expect((seen as Error).message).toMatch(/rollback/i);
    const rows = await rawRows(database.db, "select n from raw_probe where n = any($1::int[])", [[300, 301]]);
    expect(rows).toEqual([]);
    const inside = await database.db.transaction((tx) =>
      rawRows<{ n: number }>(tx, "select $1::int as n", [7], "raw_probe_by_n_again"),
    );
    expect(inside).toEqual([{ n: 7 }]);
  });

  it("keeps a named statement's plan: each call reads its own values, and a failed parse is not kept", async () => {
    await rawRows(
      database.db,
      "insert into raw_probe (n, note) values (401, 'a'), (402, 'b'), (402, 'c')",
      [],
    );
    const text = "select count(*)::int as c, min(note) as first from raw_probe where n = $1";
    // More than PostgreSQL's five custom plans, so the generic plan is used for the last calls.
    for (let i = 0; i < 7; i++) {
      expect(await rawRows(database.db, text, [401], "raw_probe_count")).toEqual([{ c: 1, first: "a" }]);
      expect(await rawRows(database.db, text, [402], "raw_probe_count")).toEqual([{ c: 2, first: "b" }]);
    }
    const failed = await rawRows(
      database.db,
      "select nope from raw_probe where n = $1",
      [1],
      "raw_probe_bad",
    ).catch((e: unknown) => e);
    expect((failed as { code?: string }).code).toBe("42703");
    // Not taken by the failed parse: the same name with a good text is parsed afresh.
    expect(await rawRows(database.db, text, [401], "raw_probe_bad")).toEqual([{ c: 1, first: "a" }]);
  });
});
