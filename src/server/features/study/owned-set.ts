// src/server/features/study/owned-set.ts
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { studySets } from "#server/db/schema/study.ts";
import { notFound } from "#server/lib/errors.ts";
import { flashcardsRepo } from "./flashcards.repo.ts";

/** A study set id from a request must be the caller's; another student's set is indistinguishable from none. */
export async function requireOwnedStudySet(db: Db, userId: number, studySetId: number): Promise<void> {
  const [row] = await db
    .select({ id: studySets.id })
    .from(studySets)
    .where(and(eq(studySets.id, studySetId), eq(studySets.userId, userId)))
    .limit(1);
  if (!row) throw notFound("Study set");
}

/**
 * READ access to a flashcard set (its cards, quizzes, review): its owner, or a member of a group its
 * study set is shared with (study.readableStudySet asks the groups feature). Answers the owner's id, which
 * owner-scoped queries then use; anyone else gets the same 404 as for a missing set.
 */
export async function readableFlashcardSet(
  db: Db,
  study: { readableStudySet(userId: number, studySetId: number): Promise<number> },
  userId: number,
  id: number,
): Promise<number> {
  const place = await flashcardsRepo.setPlace(db, id);
  if (!place) throw notFound("Flashcard set");
  if (place.userId === userId) return userId;
  await study.readableStudySet(userId, place.studySetId).catch(() => {
    throw notFound("Flashcard set");
  });
  return place.userId;
}
