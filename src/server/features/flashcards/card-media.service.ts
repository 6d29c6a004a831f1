import { randomUUID } from "node:crypto";
import { imageMarkdown } from "#shared/flashcards/card-model.ts";
import { FLASHCARD_SET_MAX_CARDS } from "#shared/flashcards/contract.ts";
import {
  CARD_AUDIO_MAX_BYTES,
  CARD_IMAGE_MAX_BYTES,
  type CardMedia,
  type CreateOcclusionInput,
  OCCLUSION_ALT,
  type Occlusion,
  type OcclusionMask,
} from "#shared/flashcards/media-contract.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { sniffAudio } from "./audio-sniff.ts";
import { type CardMediaRow, cardMediaRepo, occlusionRepo } from "./card-media.repo.ts";
import { flashcardsRepo } from "./flashcards.repo.ts";
import type { FlashcardsService } from "./flashcards.service.ts";
import { cardImage } from "./image-sniff.ts";
import type { MediaStore } from "./media-store.ts";

const wrongType = () =>
  new AppError(
    415,
    "unsupported_media_type",
    "Choose a PNG, JPEG, WebP or GIF picture, or an MP3, Ogg, WAV, M4A, AAC or FLAC sound.",
  );

/** A picture checked for type, size and pixels, ready to store: why not, as the error to answer. */
export function checkImage(bytes: Uint8Array) {
  const image = cardImage(bytes);
  if (image === "too_large")
    throw new AppError(
      413,
      "file_too_large",
      `A card image is at most ${CARD_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
    );
  if (image === "not_image") throw wrongType();
  if (image === "too_many_pixels")
    throw new AppError(
      413,
      "file_too_large",
      "This picture has too many pixels. Make it smaller and try again.",
    );
  return image;
}

/**
 * A picture or a sound checked for type and size (the type read from its bytes, never its name), ready
 * to store: why not, as the error to answer.
 */
export function checkMedia(bytes: Uint8Array) {
  const audio = sniffAudio(bytes);
  if (!audio) return { kind: "image" as const, ...checkImage(bytes) };
  if (bytes.length > CARD_AUDIO_MAX_BYTES)
    throw new AppError(
      413,
      "file_too_large",
      `A card sound is at most ${CARD_AUDIO_MAX_BYTES / 1024 / 1024} MB.`,
    );
  return { kind: "audio" as const, ...audio, width: null, height: null };
}

/**
 * Card images and sounds (issue 25 §1): uploaded into a set by its owner, read by whoever may read the set (its
 * owner, and members of a group it is shared with), 404 for anyone else as for a missing picture.
 */
export function createCardMediaService({
  db,
  store,
  flashcards,
}: {
  db: Db;
  store: MediaStore;
  flashcards: FlashcardsService;
}) {
  return {
    store,
    async upload(userId: number, setId: number, bytes: Uint8Array): Promise<CardMedia> {
      if (!(await flashcardsRepo.findSet(db, userId, setId))) throw notFound("Flashcard set");
      const file = checkMedia(bytes);
      const hash = await store.put(bytes);
      // The content names the file: the same picture uploaded twice is one name, never a clash.
      const name = `${hash.slice(0, 20)}.${file.ext}`;
      await cardMediaRepo.upsert(db, userId, setId, [
        { name, contentType: file.type, bytes: bytes.length, hash },
      ]);
      return {
        name,
        kind: file.kind,
        contentType: file.type,
        bytes: bytes.length,
        width: file.width,
        height: file.height,
      };
    },

    async read(userId: number, setId: number, name: string) {
      await flashcards.readableSet(userId, setId);
      const row = await cardMediaRepo.find(db, setId, name);
      const bytes = row && (await store.get(row.hash));
      if (!row || !bytes) throw notFound("Media file");
      return { bytes, contentType: row.contentType, hash: row.hash };
    },

    /** Pictures and sounds an import brings (already checked), stored and named in the set as the cards name them. */
    async attach(
      tx: DbOrTx,
      userId: number,
      setId: number,
      files: { name: string; bytes: Uint8Array; contentType: string }[],
    ) {
      const rows: CardMediaRow[] = [];
      for (const f of files)
        rows.push({
          name: f.name,
          contentType: f.contentType,
          bytes: f.bytes.length,
          hash: await store.put(f.bytes),
        });
      await cardMediaRepo.upsert(tx, userId, setId, rows);
      return rows.length;
    },

    /**
     * An occlusion note: one row per mask (type 'occlusion', ord = the mask), siblings sharing a guid, the
     * picture and the masks. The picture must be one of the set's.
     */
    async createOcclusion(
      userId: number,
      setId: number,
      input: CreateOcclusionInput & { masks: OcclusionMask[] },
    ) {
      const set = await flashcardsRepo.findSet(db, userId, setId);
      if (!set) throw notFound("Flashcard set");
      if (!(await cardMediaRepo.find(db, setId, input.image)))
        throw badRequest("Upload the picture into this set first.");
      if (set.cardCount + input.masks.length > FLASHCARD_SET_MAX_CARDS)
        throw conflict(`A flashcard set holds at most ${FLASHCARD_SET_MAX_CARDS} cards.`);
      const guid = randomUUID();
      await occlusionRepo.insert(db, userId, setId, {
        guid,
        question: imageMarkdown(input.image, OCCLUSION_ALT),
        occlusion: { image: input.image, masks: input.masks },
      });
      return { created: input.masks.length, guid };
    },

    async occlusion(userId: number, flashcardId: number): Promise<Occlusion> {
      const row = await occlusionRepo.find(db, flashcardId);
      if (!row?.occlusion) throw notFound("Flashcard");
      await flashcards.readableSet(userId, row.setId).catch(() => {
        throw notFound("Flashcard");
      });
      return {
        flashcardSetId: row.setId,
        image: row.occlusion.image,
        masks: row.occlusion.masks,
        ord: row.ord,
        hideOne: row.occlusion.hideOne === true,
      };
    },

    /** The set's pictures and sounds by name, for an export (the set's access is the caller's check). */
    async filesOf(setId: number, names: string[]): Promise<Map<string, Uint8Array>> {
      const out = new Map<string, Uint8Array>();
      if (names.length === 0) return out;
      for (const row of await cardMediaRepo.list(db, setId, names)) {
        const bytes = await store.get(row.hash);
        if (bytes) out.set(row.name, bytes);
      }
      return out;
    },
  };
}
export type CardMediaService = ReturnType<typeof createCardMediaService>;
