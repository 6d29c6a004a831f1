import { FLASHCARD_MAX_LENGTH } from "#shared/constants.ts";
import { ankiHtmlToText } from "#shared/flashcards/anki-html.ts";
import {
  type CardSchedule,
  type CardType,
  hasCloze,
  imageMarkdown,
  importedTags,
  mediaRefsOf,
  type PortableCard,
  reviewOrds,
} from "#shared/flashcards/card-model.ts";
import { OCCLUSION_ALT, OCCLUSION_MAX_MASKS } from "#shared/flashcards/media-contract.ts";
import { excerptOf, notTextReason } from "#shared/flashcards/text-formats.ts";
import type { AnkiCard, AnkiCollection, AnkiModel, AnkiNote, AnkiRevlog } from "./collection.ts";
import { hasOcclusionShapes, labelsFromComments, occlusionMasks, parseOcclusionShapes } from "./occlusion.ts";
import { importSchedule, type ScheduleContext } from "./schedule.ts";

/** A note that did not become a card, and why. */
export type AnkiNoteProblem = {
  noteId: number;
  code:
    | "missing_notetype"
    | "empty_front"
    | "empty_back"
    | "no_cloze"
    | "too_long"
    | "not_text"
    | "missing_image"
    | "too_many_masks";
  reason: string;
  excerpt: string;
};

/**
 * What each field of a note type is on a Studyhall card, read from its first template the way Anki
 * renders it: the fields its question shows are the front, the fields its answer adds are the back, a
 * field shown through {{hint:...}} (or named Hint) is the hint, and the field of {{cloze:...}} is a cloze
 * card's text. A second template whose question shows the back makes the note type reversed.
 */
export type FieldRoles = { front: number[]; back: number[]; hint: number | null; reversible: boolean };

/** Template names that are not fields (Anki's special fields). */
const SPECIAL = new Set(["FrontSide", "Tags", "Type", "Deck", "Subdeck", "Card", "CardFlag", "CardID"]);

type FieldRef = { name: string; filters: string[] };
function fieldRefs(template: string): FieldRef[] {
  const refs: FieldRef[] = [];
  for (const [, inner] of template.matchAll(/\{\{([^{}]+)\}\}/g)) {
    const body = inner!.trim();
    if (/^[#^/!=]/.test(body)) continue;
    const parts = body.split(":");
    const name = parts.pop()!.trim();
    if (!SPECIAL.has(name)) refs.push({ name, filters: parts.map((p) => p.trim().toLowerCase()) });
  }
  return refs;
}

export function fieldRoles(model: AnkiModel): FieldRoles {
  const index = (name: string) => model.fields.indexOf(name);
  const [first, second] = model.templates;
  const question = fieldRefs(first?.qfmt ?? "");
  const answer = fieldRefs(first?.afmt ?? "");
  const named = model.fields.findIndex((f) => /^hint$/i.test(f.trim()));
  const hinted = question.find((r) => r.filters.includes("hint") && index(r.name) !== -1);
  const hint = hinted ? index(hinted.name) : named === -1 ? null : named;
  const unique = (xs: number[]) => [...new Set(xs)].filter((i) => i !== -1 && i !== hint);

  let front: number[];
  if (model.cloze) {
    const cloze = question.find((r) => r.filters.includes("cloze"));
    front = unique([cloze ? index(cloze.name) : 0]);
  } else
    front = unique(
      question
        .filter((r) => !r.filters.includes("hint") && !r.filters.includes("type"))
        .map((r) => index(r.name)),
    );
  if (front.length === 0) front = unique([0]);
  let back = unique(answer.filter((r) => !r.filters.includes("type")).map((r) => index(r.name))).filter(
    (i) => !front.includes(i),
  );
  if (back.length === 0 && !model.cloze)
    back = unique(model.fields.map((_, i) => i))
      .filter((i) => !front.includes(i))
      .slice(0, 1);
  const reversible =
    !model.cloze && second !== undefined && fieldRefs(second.qfmt).some((r) => back.includes(index(r.name)));
  return { front, back, hint, reversible };
}

export type MappedNotes = {
  cards: PortableCard[];
  problems: AnkiNoteProblem[];
  /** Anki cards not carried over: templates beyond the first two, or cloze numbers the text lacks. */
  droppedCards: number;
};

/**
 * The package's pictures, for image occlusion notes, by the name a note uses: its size in pixels (what
 * the first IO builds' pixel positions are fractions of), or why a card cannot show it ("is not in the
 * package"). Without it (media not read), an occlusion note is mapped as if its picture were there.
 */
export type PackagePictures = (name: string) => { width: number; height: number } | string;

/** Notes and their cards as Studyhall cards, with review state when `ctx` is given. */
export function mapNotes(
  collection: AnkiCollection,
  ctx: ScheduleContext | null,
  pictures?: PackagePictures,
): MappedNotes {
  const cardsByNote = new Map<number, AnkiCard[]>();
  for (const c of collection.cards) {
    const list = cardsByNote.get(c.nid) ?? [];
    list.push(c);
    cardsByNote.set(c.nid, list);
  }
  const logByCard = new Map<number, AnkiRevlog[]>();
  if (ctx)
    for (const r of collection.revlog) {
      const list = logByCard.get(r.cid) ?? [];
      list.push(r);
      logByCard.set(r.cid, list);
    }
  const roles = new Map<number, FieldRoles>();
  const out: MappedNotes = { cards: [], problems: [], droppedCards: 0 };
  for (const note of collection.notes) {
    const model = collection.models.get(note.mid);
    const noteCards = (cardsByNote.get(note.id) ?? []).sort((a, b) => a.ord - b.ord);
    if (!model) {
      out.problems.push(problem(note, "missing_notetype", "Its note type is missing from the package"));
      out.droppedCards += noteCards.length;
      continue;
    }
    let r = roles.get(model.id);
    if (!r) {
      r = fieldRoles(model);
      roles.set(model.id, r);
    }
    const occlusion = model.cloze && r.front.some((i) => hasOcclusionShapes(note.fields[i] ?? ""));
    const mapped = occlusion
      ? occlusionNoteToCard(note, model, r, noteCards, collection, pictures)
      : { card: noteToCard(note, model, r, noteCards, collection) };
    if ("code" in mapped.card) {
      out.problems.push(mapped.card);
      out.droppedCards += noteCards.length;
      continue;
    }
    const card = mapped.card;
    const ords = new Set(reviewOrds(card));
    // An Anki card's ord as ours: the same but for occlusion, whose masks are its cloze numbers in order.
    const ordOf = (c: AnkiCard) => (mapped.ords ? (mapped.ords.get(c.ord) ?? -1) : c.ord);
    const kept = noteCards.filter((c) => ords.has(ordOf(c)));
    out.droppedCards += noteCards.length - kept.length;
    if (ctx)
      card.schedules = kept.map((c) => ({
        ...importSchedule(c, logByCard.get(c.id) ?? [], ctx),
        ord: ordOf(c),
      })) satisfies CardSchedule[];
    out.cards.push(card);
  }
  return out;
}

type Mapped = { card: PortableCard | AnkiNoteProblem; ords?: Map<number, number> };

function problem(note: AnkiNote, code: AnkiNoteProblem["code"], reason: string): AnkiNoteProblem {
  return { noteId: note.id, code, reason, excerpt: excerptOf(ankiHtmlToText(note.fields[0] ?? "")) };
}

function noteToCard(
  note: AnkiNote,
  model: AnkiModel,
  roles: FieldRoles,
  cards: AnkiCard[],
  collection: AnkiCollection,
): PortableCard | AnkiNoteProblem {
  const text = (indexes: number[]) =>
    indexes
      .map((i) => ankiHtmlToText(note.fields[i] ?? ""))
      .filter((t) => t !== "")
      .join("\n");
  const front = text(roles.front);
  const back = text(roles.back);
  const hint = roles.hint === null ? "" : text([roles.hint]);
  const type: CardType = model.cloze
    ? "cloze"
    : roles.reversible && cards.some((c) => c.ord === 1)
      ? "reversed"
      : "basic";

  const notText = notTextReason(front + back + hint);
  if (notText) return problem(note, "not_text", notText);
  if (!front) return problem(note, "empty_front", "The front is empty");
  if (type === "cloze" && !hasCloze(front))
    return problem(note, "no_cloze", "A cloze note without {{c1::...}} deletions");
  if (type !== "cloze" && !back) return problem(note, "empty_back", "The back is empty");
  if (front.length > FLASHCARD_MAX_LENGTH.question)
    return problem(note, "too_long", `The front is longer than ${FLASHCARD_MAX_LENGTH.question} characters`);
  if (back.length > FLASHCARD_MAX_LENGTH.answer)
    return problem(note, "too_long", `The back is longer than ${FLASHCARD_MAX_LENGTH.answer} characters`);
  if (hint.length > FLASHCARD_MAX_LENGTH.hint)
    return problem(note, "too_long", `The hint is longer than ${FLASHCARD_MAX_LENGTH.hint} characters`);

  const deck = deckOf(cards, collection);
  return {
    front,
    back,
    hint: hint || null,
    tags: importedTags(note.tags),
    type,
    media: mediaRefsOf(front, back, hint),
    ...(note.guid ? { guid: note.guid } : {}),
    ...(deck ? { deck } : {}),
  };
}

function deckOf(cards: AnkiCard[], collection: AnkiCollection) {
  const first = cards[0];
  const deckId = first ? (first.odid !== 0 ? first.odid : first.did) : undefined;
  return deckId === undefined ? undefined : collection.decks.get(deckId);
}

/**
 * An Anki image occlusion note (its cloze field holds shapes, occlusion.ts) as an occlusion card: the
 * picture is the first field (by order) the question shows with an image in it, the other fields it shows
 * (Anki's Header) the hint, the fields only the answer shows (Back Extra) the back. One mask per cloze
 * number, in order: `ords` maps Anki's card ord (cloze number - 1) to the mask, so each review history
 * follows its mask even when the numbers have gaps.
 */
function occlusionNoteToCard(
  note: AnkiNote,
  model: AnkiModel,
  roles: FieldRoles,
  cards: AnkiCard[],
  collection: AnkiCollection,
  pictures: PackagePictures | undefined,
): Mapped {
  const cloze = roles.front[0]!;
  const index = (name: string) => model.fields.indexOf(name);
  const shown = (template: string) =>
    [...new Set(fieldRefs(template).map((r) => index(r.name)))].filter((i) => i !== -1 && i !== cloze);
  const question = shown(model.templates[0]?.qfmt ?? "");
  const answerOnly = shown(model.templates[0]?.afmt ?? "").filter((i) => !question.includes(i));
  // Anki's stock type has Image (field 1) before Header (2): a picture in the header is not the picture.
  const imageField = question
    .filter((i) => mediaRefsOf(ankiHtmlToText(note.fields[i] ?? "")).some((m) => m.kind === "image"))
    .sort((a, b) => a - b)[0];
  const image =
    imageField === undefined
      ? undefined
      : mediaRefsOf(ankiHtmlToText(note.fields[imageField] ?? "")).find((m) => m.kind === "image")?.name;
  const text = (indexes: number[]) =>
    indexes
      .map((i) => ankiHtmlToText(note.fields[i] ?? ""))
      .filter((t) => t !== "")
      .join("\n");
  const header = text(question.filter((i) => i !== imageField));
  const extra = text(answerOnly);
  const excerpt = excerptOf(header || image || ankiHtmlToText(note.fields[cloze] ?? ""));
  const fail = (code: AnkiNoteProblem["code"], reason: string): Mapped => ({
    card: { noteId: note.id, code, reason, excerpt },
  });

  if (!image) return fail("missing_image", "An image occlusion note without its picture");
  // Without its picture the masks cover nothing: no card rather than a broken one.
  const picture = pictures?.(image);
  if (typeof picture === "string") return fail("missing_image", `Its picture ${image} ${picture}`);
  const shapes = parseOcclusionShapes(note.fields[cloze] ?? "");
  if (shapes.masks.length === 0) return fail("no_cloze", "An image occlusion note without masks");
  if (shapes.masks.length > OCCLUSION_MAX_MASKS)
    return fail("too_many_masks", `More than ${OCCLUSION_MAX_MASKS} masks on one picture`);
  // A label from a text shape of the mask's number, else from the Comments lines an export wrote.
  const commented = labelsFromComments(ankiHtmlToText(note.fields[index("Comments")] ?? ""));
  const masks = occlusionMasks(shapes, picture ?? null)?.map((m, i) => {
    const label = m.label ? ankiHtmlToText(m.label) : commented.get(shapes.numbers[i]!);
    return label ? { ...m, label: label.slice(0, 100) || undefined } : m;
  });
  if (!masks) return fail("missing_image", `Media was not read: its masks are pixels of ${image}`);
  const notText = notTextReason(header + extra);
  if (notText) return fail("not_text", notText);
  // Each row's answer is its mask's label (at most 100 characters), a line break, then the back.
  const maxBack = FLASHCARD_MAX_LENGTH.answer - 101;
  if (extra.length > maxBack) return fail("too_long", `The back is longer than ${maxBack} characters`);
  if (header.length > FLASHCARD_MAX_LENGTH.hint)
    return fail("too_long", `The hint is longer than ${FLASHCARD_MAX_LENGTH.hint} characters`);

  const front = imageMarkdown(image, OCCLUSION_ALT);
  const deck = deckOf(cards, collection);
  return {
    card: {
      front,
      back: extra,
      hint: header || null,
      tags: importedTags(note.tags),
      type: "occlusion",
      occlusion: { image, masks, ...(shapes.hideOne ? { hideOne: true as const } : {}) },
      media: mediaRefsOf(front, extra, header),
      ...(note.guid ? { guid: note.guid } : {}),
      ...(deck ? { deck } : {}),
    },
    ords: new Map(shapes.numbers.map((n, mask) => [n - 1, mask])),
  };
}
