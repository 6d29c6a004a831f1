import type { CardState, ReviewLogEntry } from "../review/contract.ts";
import { clozeNumbersOf } from "./card-sides.ts";

/**
 * The card every import and export format reads and writes (issue 25 §1 and §5): CSV, Anki's plain
 * text and .apkg all produce and take this shape, so the flashcards tables are mapped to it in one place.
 *
 * A card is what the student edits (Anki's "note"); it is reviewed as one or more review items:
 * - basic: one item, front -> back;
 * - reversed: two items, front -> back and back -> front ('also create the reverse');
 * - cloze: one item per cloze number in the front, written in Anki's `{{c1::answer::hint}}` syntax;
 *   the back is extra text shown after the answer (Anki's "Back Extra") and may be empty;
 * - occlusion: one item per mask of `occlusion` (Anki's image occlusion note, one mask per cloze number);
 *   the front is the picture, the hint Anki's "Header" and the back its "Back Extra", shown after the
 *   mask's own answer (`occlusionAnswer`).
 *
 * Texts are plain text with line breaks ("\n"); an image is written as Markdown `![](name)` and a sound as
 * Anki's `[sound:name]`, where `name` is a key of the import's media files (see `media`).
 */
export const CARD_TYPES = ["basic", "reversed", "cloze"] as const;
export type CardType = (typeof CARD_TYPES)[number];

export type MediaKind = "image" | "audio";
/** A file a card's text refers to by name. */
export type MediaRef = { name: string; kind: MediaKind };

/**
 * One review item's schedule. `ord` is Anki's card ordinal: 0 for a basic card; 0 forward and 1 reverse
 * for a reversed card; the cloze number minus one for a cloze card ({{c3::...}} is ord 2).
 */
export type CardSchedule = {
  ord: number;
  /** The FSRS state, named like the flashcards table's columns (src/shared/review/contract.ts). */
  state: CardState;
  /** Every rating, oldest first, each with the state before it (what Undo and the optimizer need). */
  history: ReviewEvent[];
  /** Suspended: never shown until unsuspended (Anki's queue -1). */
  suspended: boolean;
  /** Buried: hidden until the next day (Anki's queues -2 and -3). */
  buried: boolean;
};

/** A rating as card_reviews keeps it, plus how long the student took when the source knows it. */
export type ReviewEvent = ReviewLogEntry & { durationMs?: number | undefined };

/** A card's type as rows store it: the types a card is written as, and image occlusion (made from a picture). */
export type NoteType = CardType | "occlusion";

/**
 * An occlusion note's picture (a name of the import's media) and its masks by ord, in fractions of the
 * picture (media-contract.ts occlusionMaskSchema checks them; not imported here, it imports this file).
 */
export type OcclusionNote = {
  image: string;
  masks: { x: number; y: number; w: number; h: number; label?: string | undefined }[];
  /**
   * Anki's 'Hide one, guess one': a card covers only the part it asks for, the others stay in view.
   * Absent is 'hide all, guess one' (Anki's default and the only mode Studyhall's editor makes).
   */
  hideOne?: true | undefined;
};

export type PortableCard = {
  front: string;
  back: string;
  hint: string | null;
  /** Tags without spaces (Anki's rule: a space separates tags), in the order first seen, no repeats. */
  tags: string[];
  type: NoteType;
  /** The picture and masks of an occlusion card (type 'occlusion'), absent for every other type. */
  occlusion?: OcclusionNote | undefined;
  /** The files the texts refer to, once each. */
  media: MediaRef[];
  /** A stable identity across exports and imports (Anki's note guid): re-importing updates, not adds. */
  guid?: string | undefined;
  /** The Anki deck (or text file's deck column) the card came from, '::' between levels. */
  deck?: string | undefined;
  /** Review state per review item, when the source has one (an .apkg with scheduling). */
  schedules?: CardSchedule[] | undefined;
};

/**
 * The cloze numbers a text uses, ascending and once each ({{c2::a}} {{c1::b}} {{c2::c}} gives [1, 2]);
 * nested clozes count (card-sides.ts parses them).
 */
export const clozeNumbers = (text: string): number[] => clozeNumbersOf(text);

export const hasCloze = (text: string) => clozeNumbers(text).length > 0;

/** The review items a card has: [0], [0, 1], one ord per cloze number, or one per occlusion mask. */
export function reviewOrds(card: Pick<PortableCard, "type" | "front" | "occlusion">): number[] {
  if (card.type === "reversed") return [0, 1];
  if (card.type === "cloze") return clozeNumbers(card.front).map((n) => n - 1);
  if (card.type === "occlusion") return (card.occlusion?.masks ?? []).map((_, ord) => ord);
  return [0];
}

/** What an occlusion row answers: its mask's label (or which mask it is), then the note's extra text. */
export const occlusionAnswer = (masks: OcclusionNote["masks"], ord: number, extra = "") =>
  [masks[ord]?.label || `Mask ${ord + 1}`, extra].filter(Boolean).join("\n");

/** The note's extra text of an occlusion row's answer (what `occlusionAnswer` added after the mask's own). */
export function occlusionExtra(answer: string, masks: OcclusionNote["masks"], ord: number): string {
  const own = `${occlusionAnswer(masks, ord)}\n`;
  return answer.startsWith(own) ? answer.slice(own.length) : "";
}

/**
 * What two fronts must share to be 'the same card' when importing into a set: Unicode NFC, case, and
 * runs of white space do not count.
 */
export function normaliseFront(front: string): string {
  return front.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * A Markdown image: `![alt](name)`, or `![alt](<name>)` for a name with spaces or parentheses (CommonMark).
 * Groups: 1 alt, 2 bracketed name, 3 bare name.
 */
export const IMAGE_MARKDOWN = /!\[([^\]\n]*)\]\((?:<([^<>\n]+)>|([^()<>\s]+))\)/g;

/** `![alt](name)` for an image, bracketing a name Markdown could not read bare. */
export const imageMarkdown = (name: string, alt = "") =>
  /[\s()<>]/.test(name) ? `![${alt}](<${name}>)` : `![${alt}](${name})`;
/** Anki's sound tag `[sound:name]`. Group 1: the name. */
export const SOUND_TAG = /\[sound:([^\]\n]+)\]/g;

/** The media a card's texts refer to: Markdown images and Anki sound tags, once each, in order. */
export function mediaRefsOf(...texts: (string | null | undefined)[]): MediaRef[] {
  const seen = new Map<string, MediaRef>();
  for (const text of texts) {
    if (!text) continue;
    for (const [, , bracketed, bare] of text.matchAll(IMAGE_MARKDOWN)) {
      const name = bracketed ?? bare;
      if (name && !seen.has(name)) seen.set(name, { name, kind: "image" });
    }
    for (const [, name] of text.matchAll(SOUND_TAG))
      if (name && !seen.has(name)) seen.set(name, { name, kind: "audio" });
  }
  return [...seen.values()];
}

/** Tags on a card: at most this many, each at most TAG_MAX_LENGTH characters. */
export const MAX_TAGS = 50;
export const TAG_MAX_LENGTH = 100;

/**
 * Tags a file brings (CSV, Anki text, .apkg) within what a card may hold: Anki sets no limits, and a card
 * imported past them failed its edit form on tags the student never touched. The first MAX_TAGS are kept,
 * each cut to TAG_MAX_LENGTH (a hierarchy's leading parts, 'Biology::Cells::...', stay).
 */
export function importedTags(tags: Iterable<string>): string[] {
  const cut = normaliseTags(tags).map((t) => t.slice(0, TAG_MAX_LENGTH).replace(/[\uD800-\uDBFF]$/, ""));
  return normaliseTags(cut).slice(0, MAX_TAGS);
}

/** Tags as Anki keeps them: split on white space, empty ones dropped, each once (first spelling wins). */
export function normaliseTags(tags: Iterable<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const tag of tags)
    for (const t of tag.split(/\s+/)) {
      if (!t || seen.has(t.toLowerCase())) continue;
      seen.add(t.toLowerCase());
      out.push(t);
    }
  return out;
}
