import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { appendsByCopy, arrayOf, chunks, insertMany, rowsOf } from "../../db/bulk.ts";
import type { DbOrTx } from "../../db/client.ts";
import { flashcardSets, flashcards } from "../../db/schema/flashcards.ts";

/** A review item as a package writes it (decision 015: siblings share guid and texts, told apart by ord). */
export type NoteRow = {
  question: string;
  answer: string;
  hint: string | null;
  tags: string[];
  type: string;
  ord: number;
  guid: string | null;
};

export const ankiPackageRepo = {
  /** The student's rows with a guid in every flashcard set of a study set: what a re-import updates. */
  guidRows(db: DbOrTx, userId: number, studySetId: number) {
    return db
      .select({
        id: flashcards.id,
        setId: flashcards.flashcardSetId,
        guid: flashcards.guid,
        ord: flashcards.ord,
      })
      .from(flashcards)
      .innerJoin(flashcardSets, eq(flashcardSets.id, flashcards.flashcardSetId))
      .where(
        and(
          eq(flashcards.userId, userId),
          eq(flashcardSets.studySetId, studySetId),
          isNotNull(flashcards.guid),
        ),
      );
  },

  /**
   * New rows, in order; answers their ids in the same order. On PGlite the ids are drawn from the table's
   * sequence first, so the rows can go as one COPY (insertMany), which returns nothing; on PostgreSQL one
   * INSERT ... RETURNING per BULK_ROWS rows, which measured faster there than the extra round trip.
   */
  async insertRows(db: DbOrTx, userId: number, flashcardSetId: number, rows: NoteRow[]) {
    if (rows.length === 0) return [];
    if (!appendsByCopy(db)) return insertReturning(db, userId, flashcardSetId, rows);
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`select nextval(pg_get_serial_sequence('flashcards', 'id'))::int as id
        from generate_series(1, ${rows.length}::int) order by 1`),
    ).map((r) => Number(r.id));
    await insertMany(
      db,
      "flashcards",
      [
        ["id", "int"],
        ["user_id", "int"],
        ["flashcard_set_id", "int"],
        ["question", "text"],
        ["answer", "text"],
        ["hint", "text"],
        ["tags", "text[]"],
        ["type", "text"],
        ["ord", "smallint"],
        ["guid", "text"],
      ],
      rows.map((r, i) => [
        ids[i],
        userId,
        flashcardSetId,
        r.question,
        r.answer,
        r.hint,
        r.tags,
        r.type,
        r.ord,
        r.guid,
      ]),
    );
    return ids;
  },

  /** Takes back the rows of an import that failed part-way (their states and reviews go with them). */
  async deleteRows(db: DbOrTx, userId: number, ids: number[]) {
    for (const b of chunks(ids))
      await db.execute(
        sql`delete from ${flashcards} where ${flashcards.userId} = ${userId} and ${flashcards.id} = any(${arrayOf(b, "int")})`,
      );
  },

  /** Rewrites rows from a package, many per statement (an UPDATE ... FROM VALUES). */
  async updateRows(db: DbOrTx, userId: number, rows: (NoteRow & { id: number })[]) {
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      // Tags travel as JSON: drizzle would spread a JS array into a list of parameters.
      const values = sql.join(
        batch.map(
          (r) =>
            sql`(${r.id}::int, ${r.question}::text, ${r.answer}::text, ${r.hint}::text, ${JSON.stringify(r.tags)}::jsonb, ${r.type}::text)`,
        ),
        sql`, `,
      );
      await db.execute(sql`update ${flashcards} set question = v.q, answer = v.a, hint = v.h,
          tags = array(select jsonb_array_elements_text(v.t)), type = v.ty
        from (values ${values}) as v(id, q, a, h, t, ty)
        where ${flashcards.id} = v.id and ${flashcards.userId} = ${userId}`);
    }
  },

  listSetRows(db: DbOrTx, userId: number, flashcardSetId: number) {
    return db
      .select({
        id: flashcards.id,
        question: flashcards.question,
        answer: flashcards.answer,
        hint: flashcards.hint,
        tags: flashcards.tags,
        type: flashcards.type,
        ord: flashcards.ord,
        guid: flashcards.guid,
      })
      .from(flashcards)
      .where(and(eq(flashcards.userId, userId), eq(flashcards.flashcardSetId, flashcardSetId)))
      .orderBy(asc(flashcards.id));
  },

  async countIn(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return new Map<number, number>();
    const rows = await db
      .select({ setId: flashcards.flashcardSetId, n: sql<number>`count(*)::int` })
      .from(flashcards)
      .where(inArray(flashcards.flashcardSetId, ids))
      .groupBy(flashcards.flashcardSetId);
    return new Map(rows.map((r) => [r.setId, r.n]));
  },
};

/** New rows through unnest arrays, ids returned in the order of the input (PostgreSQL's path). */
async function insertReturning(db: DbOrTx, userId: number, flashcardSetId: number, rows: NoteRow[]) {
  const ids: number[] = [];
  for (const b of chunks(rows)) {
    // Tags travel as JSON text: a jagged text[][] has no array literal. `with ordinality ... order by`
    // keeps the insert (and so RETURNING) in the order of the input.
    const result = await db.execute(sql`insert into ${flashcards}
        (user_id, flashcard_set_id, question, answer, hint, tags, type, ord, guid)
      select ${userId}::int, ${flashcardSetId}::int, v.q, v.a, v.h,
        array(select jsonb_array_elements_text(v.t::jsonb)), v.ty, v.o, v.g
      from unnest(${arrayOf(
        b.map((r) => r.question),
        "text",
      )}, ${arrayOf(
        b.map((r) => r.answer),
        "text",
      )}, ${arrayOf(
        b.map((r) => r.hint),
        "text",
      )}, ${arrayOf(
        b.map((r) => JSON.stringify(r.tags)),
        "text",
      )}, ${arrayOf(
        b.map((r) => r.type),
        "text",
      )}, ${arrayOf(
        b.map((r) => r.ord),
        "smallint",
      )}, ${arrayOf(
        b.map((r) => r.guid),
        "text",
      )}) with ordinality as v(q, a, h, t, ty, o, g, n)
      order by v.n
      returning id`);
    for (const r of rowsOf<{ id: number }>(result)) ids.push(Number(r.id));
  }
  return ids;
}
