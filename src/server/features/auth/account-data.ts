import { sql } from "drizzle-orm";
import { strToU8, type Zippable, zipSync } from "fflate";
import { ACCOUNT_EXPORT_FORMAT } from "#shared/auth/contract.ts";
import type { DbOrTx } from "../../db/client.ts";

/**
 * "Download my data" (issue 27, docs/account-data.md): every row the student owns, found from the
 * database's own foreign keys rather than a hand-kept list, so a table a later feature adds is exported
 * without touching this file. A table is the student's when it has a column referencing users(id) (the
 * rows where any such column is the student's id), or, failing that, references a table that is (its rows
 * under the student's rows there). Catalogue tables (the achievement list) reference neither.
 */

/**
 * Columns never exported: secrets (hashes, sealed tokens, push keys), derived search vectors, and an
 * upload's raw file while a job reads it (its text is exported once read).
 */
const HIDDEN_COLUMNS = new Set([
  "password_hash",
  "token_hash",
  "code_hash",
  "nonce",
  "token_ciphertext",
  "access_token",
  "refresh_token",
  "p256dh",
  "auth",
  "endpoint",
  "private_key_sealed",
  "search",
  "upload",
]);
/** Tables whose `content` is an uploaded or pasted document's text: written as files/<table>/<id>.txt. */
const DOCUMENT_TABLES = new Set(["study_documents", "course_documents"]);
/** The job queue and migrations live in other schemas; only `public` holds student data. */
const SCHEMA = "public";

type ForeignKey = { table: string; column: string; refTable: string; refColumn: string };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function foreignKeys(db: DbOrTx): Promise<ForeignKey[]> {
  return rowsOf<ForeignKey>(
    db,
    sql`select cl.relname as "table", a.attname as "column", rcl.relname as "refTable", ra.attname as "refColumn"
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_class rcl on rcl.oid = c.confrelid
        join lateral unnest(c.conkey, c.confkey) as k(col, refcol) on true
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
        join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = k.refcol
        where c.contype = 'f' and n.nspname = ${SCHEMA}
        order by cl.relname, a.attname`,
  );
}

/**
 * For each table of the student's, a SQL condition selecting their rows (with `$user` for the id).
 * Tables are reached from users through at most four foreign keys.
 */
export async function ownedTables(db: DbOrTx): Promise<Map<string, string>> {
  const fks = await foreignKeys(db);
  const owned = new Map<string, string>([["users", `"id" = $user`]]);
  for (const fk of fks) {
    if (fk.refTable !== "users" || fk.table === "users") continue;
    const condition = `${ident(fk.column)} = $user`;
    const prev = owned.get(fk.table);
    owned.set(fk.table, prev ? `${prev} or ${condition}` : condition);
  }
  for (let depth = 0; depth < 4; depth++) {
    const added = new Map<string, string>();
    for (const fk of fks) {
      if (owned.has(fk.table) || !owned.has(fk.refTable)) continue;
      const parent = owned.get(fk.refTable)!;
      const condition = `${ident(fk.column)} in (select ${ident(fk.refColumn)} from ${ident(fk.refTable)} where ${parent})`;
      const prev = added.get(fk.table);
      added.set(fk.table, prev ? `${prev} or ${condition}` : condition);
    }
    if (added.size === 0) break;
    for (const [table, condition] of added) owned.set(table, condition);
  }
  return owned;
}

const bound = (condition: string, userId: number) =>
  condition.replaceAll("$user", String(Math.trunc(userId)));

/** How many rows of each of the student's tables are theirs. */
export async function countOwnedRows(db: DbOrTx, userId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [table, condition] of await ownedTables(db)) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from ${ident(table)} where ${bound(condition, userId)}`),
    );
    out[table] = row?.n ?? 0;
  }
  return out;
}

const slug = (title: unknown) =>
  String(title ?? "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "document";

/** The ZIP of docs/account-data.md: README.txt, manifest.json, data/<table>.json, files/<table>/<id>-<title>.txt. */
export async function exportAccountZip(db: DbOrTx, userId: number, now: Date): Promise<Uint8Array> {
  const tables = [...(await ownedTables(db))].sort(([a], [b]) => a.localeCompare(b));
  const files: Zippable = {};
  const data: Record<string, Uint8Array> = {};
  const documents: Record<string, Uint8Array> = {};
  const counts: Record<string, number> = {};
  for (const [table, condition] of tables) {
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql.raw(`select * from ${ident(table)} where ${bound(condition, userId)} order by 1`),
    );
    const cleaned = rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        if (HIDDEN_COLUMNS.has(key)) continue;
        if (DOCUMENT_TABLES.has(table) && key === "content" && typeof value === "string") {
          const name = `${row.id}-${slug(row.title)}.txt`;
          documents[`${table}/${name}`] = strToU8(value);
          out.content_file = `files/${table}/${name}`;
          continue;
        }
        out[key] = value instanceof Date ? value.toISOString() : value;
      }
      return out;
    });
    counts[table] = cleaned.length;
    data[`${table}.json`] = strToU8(JSON.stringify(cleaned, null, 2));
  }
  const manifest = {
    format: ACCOUNT_EXPORT_FORMAT.name,
    version: ACCOUNT_EXPORT_FORMAT.version,
    exportedAt: now.toISOString(),
    userId,
    tables: counts,
  };
  files["README.txt"] = strToU8(README);
  files["manifest.json"] = strToU8(JSON.stringify(manifest, null, 2));
  files.data = data;
  files.files = documents;
  return zipSync(files, { level: 6 });
}

const README = `Studyhall: all of your data
=============================

manifest.json         the format ("${ACCOUNT_EXPORT_FORMAT.name}", version ${ACCOUNT_EXPORT_FORMAT.version}), when it was made,
                      and how many records each table holds.
data/<table>.json     every record of yours in that table, as a JSON array of objects whose keys are the
                      database's column names (snake_case); dates are ISO 8601 in UTC. users.json is your
                      account, sessions.json your signed-in devices, flashcards.json and review_logs.json
                      your cards and their review history, and so on.
files/<table>/...     the text of every document you uploaded or pasted (study sets, course materials);
                      the record's "content_file" names its file.

Passwords, session and share-link secrets, connection tokens and push-subscription keys are not included.
`;
