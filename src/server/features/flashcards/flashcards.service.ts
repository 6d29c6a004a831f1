import { type CardType, clozeNumbers } from "#shared/flashcards/card-model.ts";
import { cardSides } from "#shared/flashcards/card-sides.ts";
import {
  ANSWER_REQUIRED_MESSAGE,
  type ExportFile,
  type ExportFormat,
  FLASHCARD_SET_MAX_CARDS,
  type Flashcard,
  type FlashcardSet,
  type flashcardEndpoints,
  type ImportOptions,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
  NO_CLOZE_MESSAGE,
  type QuizAttempt,
} from "#shared/flashcards/contract.ts";
import { gradeAnswer } from "#shared/flashcards/grading.ts";
import { normalizeAnswer } from "#shared/flashcards/quiz.ts";
import {
  applyDuplicatePolicy,
  type ColumnRole,
  classifyDuplicates,
  type ParseResult,
} from "#shared/flashcards/text-formats.ts";
import type { Infer } from "#shared/http.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { randomToken } from "../../lib/crypto.ts";
import { badRequest, conflict, invalidField, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { StudyService } from "../study/study.service.ts";
import { toAnkiTsv, toCsv, toQuizletText } from "./flashcard-io.ts";
import { cardBulkRepo, flashcardsRepo } from "./flashcards.repo.ts";
import { parseImportFairly } from "./import-parse.ts";

/** Lines named in an import's 400 message; the preview shows them all. */
const LINES_NAMED = 10;
/** Problems an import answers in full (each with a short excerpt); the count says how many more. */
const MAX_REPORTED = 1000;

const stored = (c: ParseResult["cards"][number]) => ({
  question: c.front,
  answer: c.back,
  hint: c.hint,
  tags: c.tags,
  type: c.type,
  guid: c.guid ?? null,
});

/** A new note's identity, shared by its rows (Anki's note guid: any short unique string). */
const newGuid = () => randomToken(8);

/**
 * The ords a note is reviewed by (decision 015): [0]; [0, 1] reversed; one per cloze number. An image
 * occlusion note's masks are not in its texts, so its rows stay as they are (`kept`).
 */
function wantedOrds(type: string, question: string, kept: number[]): number[] {
  if (type === "reversed") return [0, 1];
  if (type === "cloze") return clozeNumbers(question).map((n) => n - 1);
  if (type === "basic") return [0];
  return kept;
}

/** A note as rows: one per ord, sharing a guid when there are several (a basic card needs none). */
type NoteInput = { question: string; answer: string; hint: string | null; tags?: string[] | undefined };
function noteRows<T extends NoteInput>(card: T & { type?: CardType | string; guid?: string | null }) {
  const type = card.type ?? "basic";
  const ords = wantedOrds(type, card.question, [0]);
  const guid = card.guid ?? (ords.length > 1 || type !== "basic" ? newGuid() : null);
  return ords.map((ord) => ({ ...card, type, ord, guid }));
}
const problem = (p: ParseResult["problems"][number]): ImportProblem => ({
  line: p.line,
  text: p.excerpt,
  reason: p.reason,
  code: p.code,
});

type CreateSet = Infer<(typeof flashcardEndpoints.createSet)["body"]>;
type UpdateSet = Infer<(typeof flashcardEndpoints.updateSet)["body"]>;
type CreateCard = Infer<(typeof flashcardEndpoints.createCard)["body"]>;
type UpdateCard = Infer<(typeof flashcardEndpoints.updateCard)["body"]>;
type QuizAnswers = Infer<(typeof flashcardEndpoints.saveQuizAttempt)["body"]>["answers"];

/** Whether an answer is right, judged as the student's mode asked it (Test mode mixes the kinds). */
function isRight({ kind = "choice", chosen, shown }: QuizAnswers[number], answer: string): boolean {
  if (kind === "written") return gradeAnswer(chosen, answer).verdict !== "wrong";
  if (kind === "truefalse")
    return (chosen === "true") === (normalizeAnswer(shown ?? "") === normalizeAnswer(answer));
  return normalizeAnswer(chosen) === normalizeAnswer(answer);
}

export interface FlashcardsDeps {
  db: Db;
  events: EventBus;
  study: StudyService;
}

async function ownSet({ db }: FlashcardsDeps, userId: number, id: number): Promise<FlashcardSet> {
  const set = await flashcardsRepo.findSet(db, userId, id);
  if (!set) throw notFound("Flashcard set");
  return set;
}

/**
 * READ access to a flashcard set (its cards, quizzes, review): its owner, or a member of a group its
 * study set is shared with. Answers the owner's id, which owner-scoped queries then use; anyone else
 * gets the same 404 as for a missing set.
 */
async function readableSet({ db, study }: FlashcardsDeps, userId: number, id: number): Promise<number> {
  const place = await flashcardsRepo.setPlace(db, id);
  if (!place) throw notFound("Flashcard set");
  if (place.userId === userId) return userId;
  await study.readableStudySet(userId, place.studySetId).catch(() => {
    throw notFound("Flashcard set");
  });
  return place.userId;
}

/**
 * Edits a note through one of its rows: the texts go to every sibling; the rows then follow the note's
 * ords (a cloze edited to c1..c3 gains rows, one whose c2 was removed loses that row), and rows whose
 * ord stays keep their id and so their review state. Answers the edited row, or the note's first.
 */
async function syncNote(
  tx: DbOrTx,
  userId: number,
  id: number,
  input: Partial<NoteInput & { type: CardType }>,
): Promise<Flashcard> {
  const rows = await flashcardsRepo.note(tx, userId, id);
  const first = rows.find((r) => r.id === id);
  if (!first) throw notFound("Flashcard");
  const type = input.type ?? first.type;
  const question = input.question ?? first.question;
  if (type === "cloze" && clozeNumbers(question).length === 0)
    throw invalidField("question", NO_CLOZE_MESSAGE);
  if (type !== "cloze" && (input.answer ?? first.answer) === "")
    throw invalidField("answer", ANSWER_REQUIRED_MESSAGE);
  const ords = wantedOrds(
    type,
    question,
    rows.map((r) => r.ord),
  );
  const gone = rows.filter((r) => !ords.includes(r.ord));
  const added = ords.filter((ord) => !rows.some((r) => r.ord === ord));
  const guid = first.guid ?? (ords.length > 1 || type !== "basic" ? newGuid() : null);
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const kept = rows.filter((r) => !gone.includes(r));
  await flashcardsRepo.updateRows(
    tx,
    userId,
    kept.map((r) => r.id),
    { ...values, type, guid },
  );
  await flashcardsRepo.removeRows(
    tx,
    userId,
    gone.map((r) => r.id),
  );
  const set = await flashcardsRepo.findSet(tx, userId, first.flashcardSetId);
  if (set && set.cardCount + added.length > FLASHCARD_SET_MAX_CARDS)
    throw conflict(`A flashcard set holds at most ${FLASHCARD_SET_MAX_CARDS} cards.`);
  const note = {
    question,
    answer: input.answer ?? first.answer,
    hint: input.hint === undefined ? first.hint : input.hint,
    tags: input.tags ?? first.tags,
  };
  for (const ord of added)
    await flashcardsRepo.insertCard(tx, userId, {
      flashcardSetId: first.flashcardSetId,
      ...note,
      type,
      ord,
      guid,
    });
  const after = await flashcardsRepo.note(tx, userId, kept[0]?.id ?? id);
  if (after.length === 0) {
    const rest = await flashcardsRepo.listCards(tx, userId, first.flashcardSetId);
    const row = rest.find((r) => r.guid === guid);
    if (!row) throw notFound("Flashcard");
    return row;
  }
  return after.find((r) => r.id === id) ?? after[0]!;
}

/** Many cards in one transaction (and the updates beside them), within the set's bound, or none. */
async function insertAll(
  deps: FlashcardsDeps,
  userId: number,
  setId: number,
  cards: (NoteInput & { type?: CardType; guid?: string | null })[],
  updates: { id: number; card: NoteInput & { type?: CardType } }[] = [],
): Promise<number> {
  const { db, events } = deps;
  const set = await ownSet(deps, userId, setId);
  // A guid names one note in a set: an imported one already there (the same file imported again with
  // 'keep') or repeated in the file gets a new one, so two notes never become siblings.
  const taken = new Set((await flashcardsRepo.listCards(db, userId, setId)).map((r) => r.guid));
  const unique = cards.map((c) => {
    if (!c.guid || !taken.has(c.guid)) {
      taken.add(c.guid ?? null);
      return c;
    }
    return { ...c, guid: null };
  });
  // A reversed or cloze card is several review rows; the set's bound counts rows.
  const rows = unique.flatMap((c) => noteRows(c));
  if (set.cardCount + rows.length > FLASHCARD_SET_MAX_CARDS)
    throw conflict(`A flashcard set holds at most ${FLASHCARD_SET_MAX_CARDS} cards.`);
  await db.transaction(async (tx) => {
    await flashcardsRepo.insertCards(tx, userId, setId, rows);
    for (const { id, card } of updates) await syncNote(tx, userId, id, card);
  });
  // Imported and accepted cards count toward the card achievements like cards added one by one.
  await events.emit("flashcard.created", { userId });
  return cards.length;
}

/** The card browser's bulk move: the whole notes, within the target set's bound, or nothing. */
async function bulkMove(deps: FlashcardsDeps, userId: number, ids: number[], setId: number): Promise<number> {
  const set = await ownSet(deps, userId, setId);
  return deps.db.transaction(async (tx) => {
    const incoming = await cardBulkRepo.incoming(tx, userId, ids, setId);
    if (set.cardCount + incoming > FLASHCARD_SET_MAX_CARDS)
      throw conflict(`A flashcard set holds at most ${FLASHCARD_SET_MAX_CARDS} cards.`);
    return cardBulkRepo.move(tx, userId, ids, setId);
  });
}

async function createCard(
  deps: FlashcardsDeps,
  userId: number,
  flashcardSetId: number,
  input: CreateCard,
): Promise<Flashcard> {
  const set = await ownSet(deps, userId, flashcardSetId);
  if (set.cardCount >= FLASHCARD_SET_MAX_CARDS) {
    throw conflict(`A flashcard set holds at most ${FLASHCARD_SET_MAX_CARDS} cards.`);
  }
  const rows = noteRows(input);
  if (set.cardCount + rows.length > FLASHCARD_SET_MAX_CARDS) {
    throw conflict(`A flashcard set holds at most ${FLASHCARD_SET_MAX_CARDS} cards.`);
  }
  // Review state is per student (card_states): a card without a row there is new to everyone.
  const [card] = await deps.db.transaction(async (tx) => {
    const made: Flashcard[] = [];
    for (const row of rows)
      made.push(await flashcardsRepo.insertCard(tx, userId, { flashcardSetId, ...row }));
    return made;
  });
  await deps.events.emit("flashcard.created", { userId });
  return card!;
}

/** Deleting a card deletes its note: every sibling row, with their review state. */
async function removeCard({ db }: FlashcardsDeps, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await flashcardsRepo.note(tx, userId, id);
    if (rows.length === 0) throw notFound("Flashcard");
    await flashcardsRepo.removeRows(
      tx,
      userId,
      rows.map((r) => r.id),
    );
  });
}

/** Scores a finished quiz against the stored answers (compared as the quiz compares them) and saves it. */
async function saveQuizAttempt(
  deps: FlashcardsDeps,
  userId: number,
  flashcardSetId: number,
  answers: QuizAnswers,
): Promise<QuizAttempt> {
  const { db, events } = deps;
  // A group member takes the quiz on the owner's cards; the attempt is theirs.
  const ownerId = await readableSet(deps, userId, flashcardSetId);
  const cards = new Map((await flashcardsRepo.listCards(db, ownerId, flashcardSetId)).map((c) => [c.id, c]));
  // A card deleted while the quiz was taken (another tab, the group's owner) leaves the score; a card of
  // another set is a wrong request.
  const unknown = answers.filter((a) => !cards.has(a.cardId)).map((a) => a.cardId);
  if ((await flashcardsRepo.existingCardIds(db, unknown)).length)
    throw badRequest("Every answer must be for a card of this flashcard set.");
  const scored = answers.filter((a) => cards.has(a.cardId));
  if (!scored.length) throw badRequest("The cards of this quiz have been deleted.");
  let correct = 0;
  for (const answer of scored) {
    // A cloze or reversed row is asked as it is shown (cardSides), so it is scored the same way.
    if (isRight(answer, cardSides(cards.get(answer.cardId)!).answer)) correct += 1;
  }
  const attempt = await flashcardsRepo.insertAttempt(db, userId, {
    flashcardSetId,
    correct,
    total: scored.length,
  });
  await events.emit("quiz.completed", { userId });
  return attempt;
}

async function importPreview(
  deps: FlashcardsDeps,
  userId: number,
  setId: number,
  text: string,
  options: ImportOptions,
  fileName?: string,
): Promise<ImportPreview> {
  const { db } = deps;
  await ownSet(deps, userId, setId);
  const parsed = await parseImportFairly(userId, { text, options, fileName });
  const existing = await flashcardsRepo.listCards(db, userId, setId);
  const fronts = existing.map((c) => ({ id: c.id, front: c.question }));
  const matches = classifyDuplicates(parsed.cards, fronts);
  const plan = applyDuplicatePolicy(parsed.cards, fronts, options.duplicates);
  return {
    cards: parsed.cards.map(({ front, back, hint, tags }) => ({
      question: front,
      answer: back,
      hint,
      tags,
    })),
    errors: parsed.problems.map(problem),
    duplicates: matches.filter((m) => m.status !== "new").length,
    planned: { imported: plan.create.length, updated: plan.update.length, skipped: plan.skipped.length },
    ...(options.format === "csv" ? { columns: previewColumns(parsed) } : {}),
  };
}

/**
 * A role for every column the rows have, and none for columns they do not: those beyond what the parser
 * read are offered as ignored, and the default third (hint) column of a two-column file is left out, or
 * the dialog asked what a 'Column 3' that is not there holds.
 */
const previewColumns = ({ columns, width = 0 }: ParseResult): ColumnRole[] => [
  ...columns.slice(0, Math.max(2, width)),
  ...Array<ColumnRole>(Math.max(0, width - columns.length)).fill("ignore"),
];

/**
 * The parsed cards in one transaction. Unreadable lines stop the import (400 naming them) unless the
 * student chose to skip them; cards whose front is already in the set are skipped, update that card,
 * or are kept, as the student chose.
 */
async function importCommit(
  deps: FlashcardsDeps,
  userId: number,
  setId: number,
  text: string,
  options: ImportOptions,
  fileName?: string,
): Promise<ImportResult> {
  const { db } = deps;
  await ownSet(deps, userId, setId);
  const parsed: ParseResult = await parseImportFairly(userId, { text, options, fileName });
  const errors = parsed.problems.map(problem);
  if (errors.length > 0 && options.badLines === "refuse") {
    const named = errors.slice(0, LINES_NAMED).map((e) => `line ${e.line} (${e.reason})`);
    const more = errors.length > LINES_NAMED ? ` and ${errors.length - LINES_NAMED} more` : "";
    throw badRequest(`Nothing was imported. Fix ${named.join(", ")}${more}, or choose to skip bad lines.`, {
      errors: errors.slice(0, MAX_REPORTED),
    });
  }
  if (parsed.cards.length === 0) throw badRequest("Nothing was imported: no cards were found in the text.");
  const existing = await flashcardsRepo.listCards(db, userId, setId);
  const plan = applyDuplicatePolicy(
    parsed.cards,
    existing.map((c) => ({ id: c.id, front: c.question })),
    options.duplicates,
  );
  const created = await insertAll(
    deps,
    userId,
    setId,
    plan.create.map(stored),
    plan.update.map(({ id, card }) => ({ id, card: stored(card) })),
  );
  return {
    imported: created,
    updated: plan.update.length,
    skipped: plan.skipped.length,
    errors: errors.slice(0, MAX_REPORTED),
  };
}

async function exportSet(
  deps: FlashcardsDeps,
  userId: number,
  setId: number,
  format: ExportFormat,
): Promise<ExportFile> {
  const set = await ownSet(deps, userId, setId);
  const cards = await flashcardsRepo.listCards(deps.db, userId, setId);
  const base = set.title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "flashcards";
  if (format === "csv") return { filename: `${base}.csv`, mimeType: "text/csv", content: toCsv(cards) };
  if (format === "quizlet")
    return { filename: `${base}.txt`, mimeType: "text/plain", content: toQuizletText(cards) };
  return { filename: `${base}.txt`, mimeType: "text/plain", content: toAnkiTsv(cards) };
}

/**
 * Flashcard sets, their cards and finished quizzes (SPEC §2.7-2.8). Every id reaches its row through the
 * caller: a study set through the study feature's owner check, a flashcard set or card through its own
 * user_id; another student's id is a 404 like a missing one.
 */
export function createFlashcardsService(deps: FlashcardsDeps) {
  const { db, study } = deps;
  return {
    readableSet: (userId: number, id: number) => readableSet(deps, userId, id),
    /**
     * The card browser's bulk edits (issue 25 §3), all or nothing: the review service has checked every
     * id is the student's; a move or retag takes each card's whole note. `tx` joins a caller's
     * transaction (a rating that tags a leech).
     */
    bulk: {
      move: (userId: number, ids: number[], setId: number) => bulkMove(deps, userId, ids, setId),
      remove: (userId: number, ids: number[]) => cardBulkRepo.remove(db, userId, ids),
      addTag: (userId: number, ids: number[], tag: string, tx: DbOrTx = db) =>
        cardBulkRepo.addTag(tx, userId, ids, tag),
      removeTag: (userId: number, ids: number[], tag: string) => cardBulkRepo.removeTag(db, userId, ids, tag),
    },
    async listSets(userId: number, studySetId: number): Promise<FlashcardSet[]> {
      const ownerId = await study.readableStudySet(userId, studySetId);
      return flashcardsRepo.listSets(db, ownerId, studySetId);
    },
    async createSet(userId: number, studySetId: number, input: CreateSet): Promise<FlashcardSet> {
      await study.assertOwnSet(userId, studySetId);
      return flashcardsRepo.insertSet(db, userId, { studySetId, ...input });
    },
    async updateSet(userId: number, id: number, input: UpdateSet): Promise<FlashcardSet> {
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      if (!(await flashcardsRepo.updateSet(db, userId, id, values))) throw notFound("Flashcard set");
      return ownSet(deps, userId, id);
    },
    async removeSet(userId: number, id: number): Promise<void> {
      if (!(await flashcardsRepo.removeSet(db, userId, id))) throw notFound("Flashcard set");
    },

    async studySetCards(userId: number, studySetId: number): Promise<Flashcard[]> {
      const ownerId = await study.readableStudySet(userId, studySetId);
      return flashcardsRepo.listStudySetCards(db, ownerId, studySetId);
    },
    async listCards(userId: number, flashcardSetId: number): Promise<Flashcard[]> {
      const ownerId = await readableSet(deps, userId, flashcardSetId);
      return flashcardsRepo.listCards(db, ownerId, flashcardSetId);
    },
    createCard: (userId: number, flashcardSetId: number, input: CreateCard) =>
      createCard(deps, userId, flashcardSetId, input),
    updateCard: (userId: number, id: number, input: UpdateCard): Promise<Flashcard> =>
      db.transaction((tx) => syncNote(tx, userId, id, input)),
    removeCard: (userId: number, id: number) => removeCard(deps, userId, id),

    saveQuizAttempt: (userId: number, flashcardSetId: number, answers: QuizAnswers) =>
      saveQuizAttempt(deps, userId, flashcardSetId, answers),
    importPreview: (userId: number, setId: number, text: string, options: ImportOptions, fileName?: string) =>
      importPreview(deps, userId, setId, text, options, fileName),
    importCommit: (userId: number, setId: number, text: string, options: ImportOptions, fileName?: string) =>
      importCommit(deps, userId, setId, text, options, fileName),
    /** Cards the student accepted from drafts (issue 15): all of them in one transaction, or none. */
    async acceptCards(userId: number, setId: number, cards: NoteInput[]) {
      return { created: await insertAll(deps, userId, setId, cards) };
    },
    export: (userId: number, setId: number, format: ExportFormat) => exportSet(deps, userId, setId, format),
  };
}
export type FlashcardsService = ReturnType<typeof createFlashcardsService>;
