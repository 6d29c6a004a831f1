import { and, eq, inArray, sql } from "drizzle-orm";
import { type OcclusionNote, occlusionAnswer } from "#shared/flashcards/card-model.ts";
import type { DbOrTx } from "../../db/client.ts";
import { cardMedia, flashcards } from "../../db/schema/flashcards.ts";

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

export const occlusionRepo = {
  async insert(
    db: DbOrTx,
    userId: number,
    flashcardSetId: number,
    note: { guid: string; question: string; occlusion: OcclusionNote },
  ) {
    await db.insert(flashcards).values(
      note.occlusion.masks.map((_, ord) => ({
        userId,
        flashcardSetId,
        question: note.question,
        answer: occlusionAnswer(note.occlusion.masks, ord),
        type: "occlusion",
        ord,
        guid: note.guid,
        occlusion: note.occlusion,
      })),
    );
  },
  /** A row's occlusion, whoever asks: the caller checks the set may be read. */
  async find(db: DbOrTx, flashcardId: number) {
    const [row] = await db
      .select({ setId: flashcards.flashcardSetId, ord: flashcards.ord, occlusion: flashcards.occlusion })
      .from(flashcards)
      .where(and(eq(flashcards.id, flashcardId), eq(flashcards.type, "occlusion")));
    return row;
  },
};
