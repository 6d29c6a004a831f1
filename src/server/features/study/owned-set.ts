// src/server/features/study/owned-set.ts
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { studySets } from "#server/db/schema/study.ts";
import { notFound } from "#server/lib/errors.ts";

/** A study set id from a request must be the caller's; another student's set is indistinguishable from none. */
export async function requireOwnedStudySet(db: Db, userId: number, studySetId: number): Promise<void> {
  const [row] = await db
    .select({ id: studySets.id })
    .from(studySets)
    .where(and(eq(studySets.id, studySetId), eq(studySets.userId, userId)))
    .limit(1);
  if (!row) throw notFound("Study set");
}
