import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import initSqlJs, { type Database, type SqlJsStatic, type SqlValue } from "sql.js";
import { AnkiPackageError } from "./errors.ts";

/**
 * SQLite through sql.js (WebAssembly): no native addon, and a hostile file can at worst fail inside the
 * WASM sandbox of the worker thread that opened it. The database lives in WASM memory, so its size is
 * capped before it is opened (`maxBytes`).
 */
let engine: Promise<SqlJsStatic> | undefined;
export function sqlite(): Promise<SqlJsStatic> {
  // The .wasm is read from the package itself (the server build keeps sql.js external for that reason).
  if (!engine) {
    const wasm = readFileSync(createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm"));
    engine = initSqlJs({
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
    });
  }
  return engine;
}

const MAGIC = "SQLite format 3\0";

/**
 * Refuses what is not a sound SQLite file before SQLite sees it: the magic header, a page size SQLite
 * allows, a length that is a whole number of pages, and a page count in the header (when SQLite would
 * trust it) that the file really has. A WAL-mode file is switched to rollback mode on a copy: a package
 * has no -wal file beside it, and an in-memory database cannot open one.
 */
export function checkedSqliteBytes(bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (bytes.byteLength > maxBytes)
    throw new AnkiPackageError("package_too_large", `database ${bytes.byteLength}`);
  if (bytes.byteLength < 512 || new TextDecoder("latin1").decode(bytes.subarray(0, 16)) !== MAGIC)
    throw new AnkiPackageError("not_a_database", "no SQLite header");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const raw = view.getUint16(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0)
    throw new AnkiPackageError("not_a_database", `page size ${raw}`);
  if (bytes.byteLength % pageSize !== 0) throw new AnkiPackageError("corrupt_database", "partial page");
  const pages = view.getUint32(28);
  const headerTrusted = pages !== 0 && view.getUint32(92) === view.getUint32(24);
  if (headerTrusted && pages * pageSize !== bytes.byteLength)
    throw new AnkiPackageError(
      "corrupt_database",
      `header says ${pages} pages of ${pageSize}, file has ${bytes.byteLength} bytes`,
    );
  if (bytes[18] === 2 || bytes[19] === 2) {
    const copy = bytes.slice();
    copy[18] = 1;
    copy[19] = 1;
    return copy;
  }
  return bytes;
}

/**
 * Anki 2.1.28+ declares its name columns (decks, notetypes, fields, templates, tags, deck_config) and the
 * unique indexes on them `COLLATE unicase`, a collation only Anki registers; sql.js cannot register one,
 * and SQLite refuses to check or use an index whose collation it lacks. Only whole tables are read here,
 * never looked up by name, so the schema is declared NOCASE in this in-memory copy (the nearest built-in:
 * unicase is Unicode case folding) and reloaded.
 */
function withoutUnicase(db: Database): void {
  const rows = db.exec("SELECT name, sql FROM sqlite_schema WHERE sql LIKE '%unicase%'")[0]?.values ?? [];
  if (rows.length === 0) return;
  db.run("PRAGMA writable_schema = ON");
  for (const [name, sql] of rows)
    db.run("UPDATE sqlite_schema SET sql = ? WHERE name = ?", [
      String(sql).replace(/\bcollate\s+("?)unicase\1/gi, "COLLATE NOCASE"),
      name ?? null,
    ]);
  db.run("PRAGMA writable_schema = RESET");
  db.run("PRAGMA writable_schema = OFF");
}

/** Opens checked bytes and runs SQLite's own quick check, so a damaged file fails here and not mid-read. */
export async function openDatabase(bytes: Uint8Array, maxBytes: number): Promise<Database> {
  const SQL = await sqlite();
  const checked = checkedSqliteBytes(bytes, maxBytes);
  let db: Database | undefined;
  try {
    db = new SQL.Database(checked);
    withoutUnicase(db);
    const result = db.exec("PRAGMA quick_check(1)")[0]?.values[0]?.[0];
    if (result !== "ok") throw new Error(String(result));
    return db;
  } catch (err) {
    db?.close();
    throw new AnkiPackageError("corrupt_database", err instanceof Error ? err.message : String(err));
  }
}

export const tableNames = (db: Database): Set<string> =>
  new Set(
    (db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? []).map((r) =>
      String(r[0]),
    ),
  );

/**
 * Calls `row` for each result row, its values in the order of the SELECT's columns; stops with
 * `too_many_cards` past `max` rows, so a collection cannot make us hold more than the caller allows.
 * Arrays, not sql.js's objects keyed by column name: those decode every column's name again on every
 * row, which was most of reading a 200,000-review log.
 */
export function eachRow(db: Database, sql: string, max: number, row: (r: SqlValue[]) => void): number {
  const stmt = db.prepare(sql);
  let n = 0;
  try {
    while (stmt.step()) {
      if (++n > max)
        throw new AnkiPackageError("too_many_cards", `${sql.slice(0, 40)}: more than ${max} rows`);
      row(stmt.get());
    }
  } finally {
    stmt.free();
  }
  return n;
}
