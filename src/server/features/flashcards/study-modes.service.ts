import type { StudyMode, StudySession } from "#shared/flashcards/study-modes.ts";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { FlashcardsService } from "./flashcards.service.ts";
import { studyModesRepo as repo } from "./study-modes.repo.ts";

/**
 * Study sessions and stars (issue 25 §2). Both are the student's own, on any set the student may read
 * (their own, or one shared with their group): the set's read check comes first, so another student's
 * set is a 404 like a missing one.
 */
export function createStudyModesService({ db, flashcards }: { db: Db; flashcards: FlashcardsService }) {
  return {
    async getSession(userId: number, setId: number, mode: StudyMode): Promise<StudySession> {
      await flashcards.readableSet(userId, setId);
      return (
        (await repo.findSession(db, userId, setId, mode)) ?? {
          mode,
          state: null,
          version: 0,
          updatedAt: null,
        }
      );
    },

    /** Stored only from the version the device last saw; otherwise 409 and the device reloads. */
    async saveSession(
      userId: number,
      setId: number,
      mode: StudyMode,
      state: Record<string, unknown>,
      version: number,
    ): Promise<StudySession> {
      await flashcards.readableSet(userId, setId);
      const saved =
        version === 0
          ? await repo.insertSession(db, userId, setId, mode, state)
          : await repo.updateSession(db, userId, setId, mode, state, version);
      if (!saved) {
        throw conflict("This session was saved from another device or tab since; load it again to go on.");
      }
      return saved;
    },

    async stars(userId: number, setId: number) {
      await flashcards.readableSet(userId, setId);
      return { cardIds: await repo.starredIds(db, userId, setId) };
    },

    async setStar(userId: number, cardId: number, starred: boolean) {
      const card = await repo.cardPlace(db, cardId);
      if (!card) throw notFound("Flashcard");
      await flashcards.readableSet(userId, card.flashcardSetId).catch(() => {
        throw notFound("Flashcard");
      });
      if (starred) await repo.star(db, userId, card);
      else await repo.unstar(db, userId, cardId);
      return { cardId, starred };
    },
  };
}
export type StudyModesService = ReturnType<typeof createStudyModesService>;
