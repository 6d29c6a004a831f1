// Uploaded files wait in bytea columns (processingColumns). PGlite's bytea parameters go out in the
// protocol's binary format and come back decoded by Buffer (pglite.ts, byteaCodec): every byte value,
// an empty file and a few MB must come back exactly, on PGlite and on PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { integer, pgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "#tests/test-app.ts";
import type { Database } from "./client.ts";
import { bytea } from "./schema/columns.ts";

const files = pgTable("bytea_round_trip", { id: integer("id").primaryKey(), bytes: bytea("bytes") });

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(sql`create table bytea_round_trip (id integer primary key, bytes bytea)`);
});
afterAll(() => database.close());

const stored = async (id: number) =>
  (await database.db.select({ bytes: files.bytes }).from(files).where(eq(files.id, id)))[0]?.bytes;

describe("bytea columns", () => {
  it("keep every byte value, an empty value and a 3 MB file exactly", async () => {
    const everyByte = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    const large = new Uint8Array(3 * 1024 * 1024);
    for (let i = 0; i < large.length; i += 7) large[i] = (i * 31) % 256;
    // A view into a larger buffer (a multipart upload is often a pooled slice): only its own bytes count.
    const slice = new Uint8Array(Uint8Array.from([9, 9, 0x5c, 0x78, 0, 255, 9]).buffer, 2, 4);
    await database.db.insert(files).values([
      { id: 1, bytes: everyByte },
      { id: 2, bytes: new Uint8Array(0) },
      { id: 3, bytes: large },
      { id: 4, bytes: slice },
    ]);

    expect(Array.from((await stored(1))!)).toEqual(Array.from(everyByte));
    expect((await stored(2))!.byteLength).toBe(0);
    const back = (await stored(3))!;
    expect(back.byteLength).toBe(large.byteLength);
    expect(Buffer.compare(Buffer.from(back), Buffer.from(large))).toBe(0);
    expect(Array.from((await stored(4))!)).toEqual([0x5c, 0x78, 0, 255]);
  });

  it("are compared and updated in SQL as the bytes themselves", async () => {
    await database.db.insert(files).values({ id: 5, bytes: Uint8Array.from([1, 2, 3]) });
    const { rows } = (await database.db.execute(
      sql`select length(bytes) as n, encode(bytes, 'hex') as hex from bytea_round_trip where id = 5`,
    )) as unknown as { rows: { n: number; hex: string }[] };
    expect(rows[0]).toEqual({ n: 3, hex: "010203" });
    await database.db.update(files).set({ bytes: null }).where(eq(files.id, 5));
    expect(await stored(5)).toBeNull();
  });
});
