import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { OcclusionNote } from "#shared/flashcards/card-model.ts";
import { arrayOf, chunks, insertManyReturningIds } from "../../db/bulk.ts";
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
  /** An occlusion note's picture and masks (type 'occlusion'), else null. */
  occlusion: OcclusionNote | null;
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

  /** New rows, in order; answers their ids in the same order (one COPY on PGlite). */
  insertRows(db: DbOrTx, userId: number, flashcardSetId: number, rows: NoteRow[]) {
    return insertManyReturningIds(
      db,
      "flashcards",
      [
        ["user_id", "int"],
        ["flashcard_set_id", "int"],
        ["question", "text"],
        ["answer", "text"],
        ["hint", "text"],
        ["tags", "text[]"],
        ["type", "text"],
        ["ord", "smallint"],
        ["guid", "text"],
        ["occlusion", "jsonb"],
      ],
      rows.map((r) => [
        userId,
        flashcardSetId,
        r.question,
        r.answer,
        r.hint,
        r.tags,
        r.type,
        r.ord,
        r.guid,
        r.occlusion && JSON.stringify(r.occlusion),
      ]),
    );
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
            sql`(${r.id}::int, ${r.question}::text, ${r.answer}::text, ${r.hint}::text, ${JSON.stringify(r.tags)}::jsonb, ${r.type}::text, ${r.occlusion && JSON.stringify(r.occlusion)}::jsonb)`,
        ),
        sql`, `,
      );
      await db.execute(sql`update ${flashcards} set question = v.q, answer = v.a, hint = v.h,
          tags = array(select jsonb_array_elements_text(v.t)), type = v.ty, occlusion = v.o
        from (values ${values}) as v(id, q, a, h, t, ty, o)
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
        occlusion: flashcards.occlusion,
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
