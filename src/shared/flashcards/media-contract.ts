import { z } from "zod";
import { endpoint, idParamsSchema } from "../http.ts";
import { dbIdParam } from "../schema-primitives.ts";
import { DUPLICATE_POLICIES, importProblemSchema } from "./contract.ts";

/**
 * Card images and Anki packages (issue 25 §1 and §5): the flashcards feature's second endpoint table,
 * kept apart from contract.ts because its answers are bytes and multipart forms, not JSON cards.
 */

/** An uploaded card image, after the browser has shrunk it for phones. */
export const CARD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Width x height of a card image, at most: a decoder bomb (a tiny file of a huge picture) is refused. */
export const CARD_IMAGE_MAX_PIXELS = 40_000_000;
/** The longest side the browser resizes a picture to before upload: sharp on a phone, small on the wire. */
export const CARD_IMAGE_MAX_SIDE = 1600;
export const CARD_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type CardImageType = (typeof CARD_IMAGE_TYPES)[number];

/**
 * A card sound (Anki's `[sound:name]`), from an .apkg or the card editor: at most 5 MB (a minute or two of
 * speech as MP3; a package's larger sounds are left out and listed in its report). The type is sniffed
 * from the bytes: MP3 (ID3 tag or MPEG frame), Ogg, WAV, M4A (MP4 `ftyp`), AAC (ADTS) or FLAC.
 */
export const CARD_AUDIO_MAX_BYTES = 5 * 1024 * 1024;
export const CARD_AUDIO_TYPES = [
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/mp4",
  "audio/aac",
  "audio/flac",
] as const;
export type CardAudioType = (typeof CARD_AUDIO_TYPES)[number];
/** The largest card file of either kind: the upload's limit before its bytes are sniffed. */
export const CARD_MEDIA_MAX_BYTES = Math.max(CARD_IMAGE_MAX_BYTES, CARD_AUDIO_MAX_BYTES);

/** An .apkg or .colpkg upload: a large collection with its pictures. */
export const ANKI_PACKAGE_MAX_BYTES = 100 * 1024 * 1024;
export const ANKI_PACKAGE_EXTENSIONS = [".apkg", ".colpkg"] as const;

/** A media name as cards write it in `![](name)`: a file name, never a path. */
export const mediaNameSchema = z
  .string("Name the image")
  .min(1, "Name the image")
  .max(255, "An image name is at most 255 characters")
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character makes a name unsafe
  .refine((n) => !/[/\\\u0000-\u001F]/.test(n) && n !== "." && n !== "..", "Not an image name");

export const mediaParamsSchema = z.object({ id: dbIdParam(), name: mediaNameSchema });

export const cardMediaSchema = z.object({
  name: z.string(),
  kind: z.enum(["image", "audio"]),
  contentType: z.string(),
  bytes: z.int(),
  /** A picture's size in pixels; null for a sound. */
  width: z.int().nullable(),
  height: z.int().nullable(),
});
export type CardMedia = z.infer<typeof cardMediaSchema>;

/**
 * What an Anki package import keeps: the review history and schedule (default), and what a card whose
 * guid is already in the set does (update is what Anki does; skip leaves the set's card alone).
 */
export const ankiImportOptionsSchema = z.object({
  scheduling: z.boolean("Choose whether to keep the review history").default(true),
  duplicates: z.enum(DUPLICATE_POLICIES, "Choose skip, update or keep for duplicates").default("update"),
});
export type AnkiImportOptionsInput = z.input<typeof ankiImportOptionsSchema>;

/** A package's picture or sound left out (not a type we serve, or too large): the card keeps its tag. */
const skippedMediaSchema = z.object({ name: z.string(), reason: z.string() });

const sampleCardSchema = z.object({
  question: z.string(),
  answer: z.string(),
  type: z.string(),
  ord: z.int(),
});

export const ankiPreviewSchema = z.object({
  format: z.string(),
  notes: z.int(),
  /**
   * Flashcards the rows make, as a set counts them (noteCount: a reversed or cloze note is one flashcard,
   * reviewed as several cards): what the student is told they import.
   */
  flashcards: z.int(),
  /** Review items (rows) the package becomes. */
  cards: z.int(),
  reviews: z.int(),
  decks: z.array(z.string()),
  media: z.int(),
  missingMedia: z.int(),
  /** Flashcards (notes) whose guid is already in the set (updated or skipped as chosen). */
  existing: z.int(),
  problems: z.array(importProblemSchema),
  skippedMedia: z.array(skippedMediaSchema),
  /** The first few rows, to check the fields landed where they should. */
  sample: z.array(sampleCardSchema),
});
export type AnkiPreview = z.infer<typeof ankiPreviewSchema>;

export const ankiImportResultSchema = z.object({
  /** Review items (rows) added and updated. */
  imported: z.int(),
  updated: z.int(),
  /** The same as flashcards, as a set counts them (notes). */
  importedFlashcards: z.int(),
  updatedFlashcards: z.int(),
  skipped: z.int(),
  reviews: z.int(),
  media: z.int(),
  /** The sets the rows went into: this one, then new ones when it is full (5,000 cards per set). */
  sets: z.array(z.object({ id: z.int(), title: z.string() })),
  problems: z.array(importProblemSchema),
  skippedMedia: z.array(skippedMediaSchema),
});
export type AnkiImportResult = z.infer<typeof ankiImportResultSchema>;

export const ankiExportQuerySchema = z.object({
  scheduling: z
    .enum(["true", "false"], "scheduling is true or false")
    .default("true")
    .transform((v) => v === "true"),
});

export const flashcardMediaEndpoints = {
  /**
   * Multipart `file`: a PNG, JPEG, WebP or GIF picture (at most CARD_IMAGE_MAX_BYTES) or a sound of
   * CARD_AUDIO_TYPES (at most CARD_AUDIO_MAX_BYTES), sniffed from its bytes.
   */
  uploadMedia: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/media",
    params: idParamsSchema,
    response: cardMediaSchema,
    status: 201,
  }),
  /** The picture's or sound's bytes, for whoever may read the set (its owner, members of a group it is shared with). */
  media: endpoint({
    method: "GET",
    path: "/api/study/flashcard-sets/:id/media/:name",
    params: mediaParamsSchema,
    response: z.instanceof(Uint8Array),
  }),
  /** Multipart `file` (.apkg/.colpkg) and `options` (JSON of ankiImportOptionsSchema). */
  ankiPreview: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/import/apkg/preview",
    params: idParamsSchema,
    response: ankiPreviewSchema,
  }),
  ankiImport: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/import/apkg",
    params: idParamsSchema,
    response: ankiImportResultSchema,
    status: 201,
  }),
  /** An .apkg Anki imports, with the set's pictures and sounds and (unless scheduling=false) the student's reviews. */
  ankiExport: endpoint({
    method: "GET",
    path: "/api/study/flashcard-sets/:id/export/apkg",
    params: idParamsSchema,
    query: ankiExportQuerySchema,
    response: z.instanceof(Uint8Array),
  }),
};

export { cardMediaUrl, OCCLUSION_ALT } from "./media-names.ts";

/**
 * Image occlusion (issue 25 §1): rectangles over a picture, in fractions of its width and height (so they
 * hold at any size on screen). One review item per mask; review hides every mask and asks for one
 * (Anki's 'hide all, guess one'), and the answer uncovers it.
 */
export const OCCLUSION_MAX_MASKS = 50;
const fraction = z.number("Each mask needs x, y, w and h").min(0).max(1);
export const occlusionMaskSchema = z
  .object({
    x: fraction,
    y: fraction,
    w: fraction.min(0.005, "A mask is too small"),
    h: fraction.min(0.005, "A mask is too small"),
    label: z.string().trim().max(100, "A mask's label is at most 100 characters").optional(),
  })
  .refine((m) => m.x + m.w <= 1.0001 && m.y + m.h <= 1.0001, "A mask must lie on the picture");
export type OcclusionMask = z.infer<typeof occlusionMaskSchema>;

export const createOcclusionSchema = z.object({
  image: mediaNameSchema,
  masks: z
    .array(occlusionMaskSchema, "Draw at least one mask")
    .min(1, "Draw at least one mask")
    .max(OCCLUSION_MAX_MASKS, `At most ${OCCLUSION_MAX_MASKS} masks on one picture`),
});
export type CreateOcclusionInput = z.input<typeof createOcclusionSchema>;

export const occlusionSchema = z.object({
  flashcardSetId: z.int(),
  image: z.string(),
  masks: z.array(
    z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number(), label: z.string().optional() }),
  ),
  /** The mask this card asks for. */
  ord: z.int(),
  /** Only the asked mask covers the picture (Anki's 'hide one, guess one'); otherwise every mask does. */
  hideOne: z.boolean(),
});
export type Occlusion = z.infer<typeof occlusionSchema>;

export const occlusionEndpoints = {
  createOcclusion: endpoint({
    method: "POST",
    path: "/api/study/flashcard-sets/:id/occlusions",
    params: idParamsSchema,
    body: createOcclusionSchema,
    response: z.object({ created: z.int(), guid: z.string() }),
    status: 201,
  }),
  /** An occlusion card's picture and masks, for whoever may read its set. */
  occlusion: endpoint({
    method: "GET",
    path: "/api/study/flashcards/:id/occlusion",
    params: idParamsSchema,
    response: occlusionSchema,
  }),
};
