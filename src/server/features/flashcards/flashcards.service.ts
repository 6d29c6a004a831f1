import {
  type ExportFile,
  FLASHCARD_SET_MAX_CARDS,
  type Flashcard,
  type FlashcardSet,
  type flashcardEndpoints,
  type ImportOptions,
  type ImportPreview,
  type QuizAttempt,
} from "#shared/flashcards/contract.ts";
import { normalizeAnswer } from "#shared/flashcards/quiz.ts";
import type { Infer } from "#shared/http.ts";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { StudyService } from "../study/study.service.ts";
import { parseFlashcards, toAnkiTsv, toCsv } from "./flashcard-io.ts";
import { flashcardsRepo } from "./flashcards.repo.ts";

/** Lines named in an import's 400 message; the preview shows them all. */
const LINES_NAMED = 10;

type CreateSet = Infer<(typeof flashcardEndpoints.createSet)["body"]>;
type CreateCard = Infer<(typeof flashcardEndpoints.createCard)["body"]>;
type UpdateCard = Infer<(typeof flashcardEndpoints.updateCard)["body"]>;
type QuizAnswers = Infer<(typeof flashcardEndpoints.saveQuizAttempt)["body"]>["answers"];

/**
 * Flashcard sets, their cards and finished quizzes (SPEC §2.7-2.8). Every id reaches its row through the
 * caller: a study set through the study feature's owner check, a flashcard set or card through its own
 * user_id; another student's id is a 404 like a missing one.
 */
export function createFlashcardsService({
  db,
  events,
  study,
}: {
  db: Db;
  events: EventBus;
  study: StudyService;
}) {
  async function ownSet(userId: number, id: number): Promise<FlashcardSet> {
    const set = await flashcardsRepo.findSet(db, userId, id);
    if (!set) throw notFound("Flashcard set");
    return set;
  }
  /**
   * READ access to a flashcard set (its cards, quizzes, review): its owner, or a member of a group its
   * study set is shared with. Answers the owner's id, which owner-scoped queries then use; anyone else
   * gets the same 404 as for a missing set.
   */
  async function readableSet(userId: number, id: number): Promise<number> {
    const place = await flashcardsRepo.setPlace(db, id);
    if (!place) throw notFound("Flashcard set");
    if (place.userId === userId) return userId;
    await study.readableStudySet(userId, place.studySetId).catch(() => {
      throw notFound("Flashcard set");
    });
    return place.userId;
  }

  /** Many cards in one transaction, within the set's bound, or none. */
  async function insertAll(userId: number, setId: number, cards: ImportPreview["cards"]): Promise<number> {
    const set = await ownSet(userId, setId);
    if (set.cardCount + cards.length > FLASHCARD_SET_MAX_CARDS)
      throw conflict(`A flashcard set holds at most ${FLASHCARD_SET_MAX_CARDS} cards.`);
    await db.transaction((tx) => flashcardsRepo.insertCards(tx, userId, setId, cards));
    // Imported and accepted cards count toward the card achievements like cards added one by one.
    await events.emit("flashcard.created", { userId });
    return cards.length;
  }

  return {
    readableSet,
    async listSets(userId: number, studySetId: number): Promise<FlashcardSet[]> {
      const ownerId = await study.readableStudySet(userId, studySetId);
      return flashcardsRepo.listSets(db, ownerId, studySetId);
    },

    async createSet(userId: number, studySetId: number, input: CreateSet): Promise<FlashcardSet> {
      await study.assertOwnSet(userId, studySetId);
      return flashcardsRepo.insertSet(db, userId, { studySetId, ...input });
    },

    async removeSet(userId: number, id: number): Promise<void> {
      if (!(await flashcardsRepo.removeSet(db, userId, id))) throw notFound("Flashcard set");
    },

    async studySetCards(userId: number, studySetId: number): Promise<Flashcard[]> {
      const ownerId = await study.readableStudySet(userId, studySetId);
      return flashcardsRepo.listStudySetCards(db, ownerId, studySetId);
    },

    async listCards(userId: number, flashcardSetId: number): Promise<Flashcard[]> {
      const ownerId = await readableSet(userId, flashcardSetId);
      return flashcardsRepo.listCards(db, ownerId, flashcardSetId);
    },

    async createCard(userId: number, flashcardSetId: number, input: CreateCard): Promise<Flashcard> {
      const set = await ownSet(userId, flashcardSetId);
      if (set.cardCount >= FLASHCARD_SET_MAX_CARDS) {
        throw conflict(`A flashcard set holds at most ${FLASHCARD_SET_MAX_CARDS} cards.`);
      }
      // Review state is per student (card_states): a card without a row there is new to everyone.
      const card = await flashcardsRepo.insertCard(db, userId, { flashcardSetId, ...input });
      await events.emit("flashcard.created", { userId });
      return card;
    },

    async updateCard(userId: number, id: number, input: UpdateCard): Promise<Flashcard> {
      const card = await flashcardsRepo.updateCard(db, userId, id, input);
      if (!card) throw notFound("Flashcard");
      return card;
    },

    async removeCard(userId: number, id: number): Promise<void> {
      if (!(await flashcardsRepo.removeCard(db, userId, id))) throw notFound("Flashcard");
    },

    /** Scores a finished quiz against the stored answers (compared as the quiz compares them) and saves it. */
    async saveQuizAttempt(
      userId: number,
      flashcardSetId: number,
      answers: QuizAnswers,
    ): Promise<QuizAttempt> {
      // A group member takes the quiz on the owner's cards; the attempt is theirs.
      const ownerId = await readableSet(userId, flashcardSetId);
      const cards = new Map(
        (await flashcardsRepo.listCards(db, ownerId, flashcardSetId)).map((c) => [c.id, c]),
      );
      let correct = 0;
      for (const { cardId, chosen } of answers) {
        const card = cards.get(cardId);
        if (!card) throw badRequest("Every answer must be for a card of this flashcard set.");
        if (normalizeAnswer(chosen) === normalizeAnswer(card.answer)) correct += 1;
      }
      const attempt = await flashcardsRepo.insertAttempt(db, userId, {
        flashcardSetId,
        correct,
        total: answers.length,
      });
      await events.emit("quiz.completed", { userId });
      return attempt;
    },

    async importPreview(userId: number, setId: number, text: string, options: ImportOptions) {
      await ownSet(userId, setId);
      return parseFlashcards(text, options);
    },

    /** Every parsed card in one transaction, or nothing: any unusable line is a 400 naming it. */
    async importCommit(userId: number, setId: number, text: string, options: ImportOptions) {
      await ownSet(userId, setId);
      const { cards, errors } = parseFlashcards(text, options);
      if (errors.length > 0) {
        const named = errors.slice(0, LINES_NAMED).map((e) => `line ${e.line} (${e.reason})`);
        const more = errors.length > LINES_NAMED ? ` and ${errors.length - LINES_NAMED} more` : "";
        throw badRequest(`Nothing was imported. Fix ${named.join(", ")}${more}.`, { errors });
      }
      if (cards.length === 0) throw badRequest("Nothing was imported: no cards were found in the text.");
      return { imported: await insertAll(userId, setId, cards) };
    },

    /** Cards the student accepted from drafts (issue 15): all of them in one transaction, or none. */
    async acceptCards(userId: number, setId: number, cards: ImportPreview["cards"]) {
      return { created: await insertAll(userId, setId, cards) };
    },

    async export(userId: number, setId: number, format: "csv" | "anki"): Promise<ExportFile> {
      const set = await ownSet(userId, setId);
      const cards = await flashcardsRepo.listCards(db, userId, setId);
      const base = set.title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "flashcards";
      return format === "csv"
        ? { filename: `${base}.csv`, mimeType: "text/csv", content: toCsv(cards) }
        : { filename: `${base}.txt`, mimeType: "text/tab-separated-values", content: toAnkiTsv(cards) };
    },
  };
}
export type FlashcardsService = ReturnType<typeof createFlashcardsService>;
