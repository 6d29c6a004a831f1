import { createEmptyCard } from "ts-fsrs";
import {
  FLASHCARD_SET_MAX_CARDS,
  type Flashcard,
  type FlashcardSet,
  type flashcardEndpoints,
  type QuizAttempt,
} from "#shared/flashcards.ts";
import type { Infer } from "#shared/http.ts";
import { normalizeAnswer } from "#shared/quiz.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { flashcardsRepo } from "./flashcards.repo.ts";
import { readableFlashcardSet, requireOwnedStudySet } from "./owned-set.ts";
import type { StudyService } from "./study.service.ts";

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
  clock,
  events,
  study,
}: {
  db: Db;
  clock: Clock;
  events: EventBus;
  study: StudyService;
}) {
  async function ownSet(userId: number, id: number): Promise<FlashcardSet> {
    const set = await flashcardsRepo.findSet(db, userId, id);
    if (!set) throw notFound("Flashcard set");
    return set;
  }
  const readableSet = (userId: number, id: number) => readableFlashcardSet(db, study, userId, id);

  return {
    async listSets(userId: number, studySetId: number): Promise<FlashcardSet[]> {
      const ownerId = await study.readableStudySet(userId, studySetId);
      return flashcardsRepo.listSets(db, ownerId, studySetId);
    },

    async createSet(userId: number, studySetId: number, input: CreateSet): Promise<FlashcardSet> {
      await requireOwnedStudySet(db, userId, studySetId);
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
      // A new card enters spaced review as ts-fsrs's empty card, due now; review schedules it later.
      const card = await flashcardsRepo.insertCard(
        db,
        userId,
        { flashcardSetId, ...input },
        createEmptyCard(clock.now()),
      );
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
  };
}
export type FlashcardsService = ReturnType<typeof createFlashcardsService>;
