import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { cardMedia } from "../../db/schema/flashcards.ts";

export type CardMediaRow = { name: string; contentType: string; bytes: number; hash: string };

/** card_media: which picture a set's cards call `name`. Reads are by set; the set's access is checked first. */
export const cardMediaRepo = {
  async upsert(db: DbOrTx, userId: number, flashcardSetId: number, rows: CardMediaRow[]) {
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insert(cardMedia)
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, userId, flashcardSetId })))
        .onConflictDoUpdate({
          target: [cardMedia.flashcardSetId, cardMedia.name],
          set: {
            contentType: sql`excluded.content_type`,
            bytes: sql`excluded.bytes`,
            hash: sql`excluded.hash`,
          },
        });
  },
  async find(db: DbOrTx, flashcardSetId: number, name: string): Promise<CardMediaRow | undefined> {
    const [row] = await db
      .select({
        name: cardMedia.name,
        contentType: cardMedia.contentType,
        bytes: cardMedia.bytes,
        hash: cardMedia.hash,
      })
      .from(cardMedia)
      .where(and(eq(cardMedia.flashcardSetId, flashcardSetId), eq(cardMedia.name, name)));
    return row;
  },
  list(db: DbOrTx, flashcardSetId: number, names?: string[]): Promise<CardMediaRow[]> {
    return db
      .select({
        name: cardMedia.name,
        contentType: cardMedia.contentType,
        bytes: cardMedia.bytes,
        hash: cardMedia.hash,
      })
      .from(cardMedia)
      .where(
        and(eq(cardMedia.flashcardSetId, flashcardSetId), names ? inArray(cardMedia.name, names) : undefined),
      );
  },
};
