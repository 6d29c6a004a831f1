import { addLocalDays, startOfLocalDay } from "#shared/local-day.ts";
import {
  type BrowserPage,
  type BrowserQuery,
  type BulkBody,
  DEFAULT_REVIEW_PREFERENCES,
  LEECH_REPEAT,
  LEECH_TAG,
  LEECH_THRESHOLD,
  type ReviewPreferences,
} from "#shared/review/browser-contract.ts";
import { DEFAULT_REVIEW_SETTINGS } from "#shared/review/contract.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import type { FlashcardsService } from "../flashcards/flashcards.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { StudyService } from "../study/study.service.ts";
import type { CardState } from "./fsrs.ts";
import { browserRepo, holdsRepo, preferencesRepo, reviewRepo } from "./review.repo.ts";

export interface HoldDeps {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, "timeZone">;
  study: Pick<StudyService, "readableStudySet">;
  flashcards: Pick<FlashcardsService, "bulk">;
}

/** The start of the student's next day: when a buried card comes back. */
async function tomorrow(
  { clock, settings }: Pick<HoldDeps, "clock" | "settings">,
  userId: number,
  tz?: string,
) {
  const timeZone = tz ?? (await settings.timeZone(userId)) ?? "UTC";
  return addLocalDays(startOfLocalDay(clock.now(), timeZone), 1, timeZone);
}

/** The owner of a card the student may review: their own, or one in a set shared with them. */
export async function reviewableCard(
  { db, study }: Pick<HoldDeps, "db" | "study">,
  userId: number,
  cardId: number,
) {
  const place = await reviewRepo.cardPlace(db, cardId);
  if (!place) throw notFound("Flashcard");
  if (place.ownerId !== userId)
    await study.readableStudySet(userId, place.studySetId).catch(() => {
      throw notFound("Flashcard");
    });
  return place.ownerId;
}

/** Anki's leech rule: the threshold's lapse, then every half threshold after it. */
export const isLeech = (lapses: number) =>
  lapses >= LEECH_THRESHOLD && (lapses - LEECH_THRESHOLD) % LEECH_REPEAT === 0;

/** Suspend, unsuspend, bury or unbury one card the student may review (a shared set's card too). */
export async function hold(
  deps: HoldDeps,
  userId: number,
  cardId: number,
  action: "suspend" | "unsuspend" | "bury" | "unbury",
  timeZone?: string,
) {
  await reviewableCard(deps, userId, cardId);
  if (action === "suspend" || action === "unsuspend")
    await holdsRepo.suspend(deps.db, userId, [cardId], action === "suspend");
  else
    await holdsRepo.bury(
      deps.db,
      userId,
      [cardId],
      action === "bury" ? await tomorrow(deps, userId, timeZone) : null,
    );
  return { ok: true as const };
}

export async function getPreferences(db: Db, userId: number): Promise<ReviewPreferences> {
  const row = await preferencesRepo.get(db, userId);
  return row ? { burySiblings: row.burySiblings, easyDays: row.easyDays } : DEFAULT_REVIEW_PREFERENCES;
}

export async function savePreferences(db: Db, userId: number, values: ReviewPreferences) {
  const easyDays = [...values.easyDays].sort();
  await preferencesRepo.save(db, userId, { burySiblings: values.burySiblings, easyDays });
  return { ...values, easyDays };
}

/**
 * What a rating does beside the schedule, inside its transaction: a lapse that makes the card a leech
 * suspends it for this student (and tags the card 'leech' when it is theirs), and with 'bury siblings'
 * on, the other cards of its note wait until tomorrow, buried by this rating (`reviewId`) so its Undo
 * brings them back (holdsRepo.unburySiblings).
 */
export async function afterRating(
  deps: HoldDeps,
  tx: Tx,
  rated: {
    userId: number;
    cardId: number;
    ownerId: number;
    reviewId: number;
    before: CardState | null;
    after: CardState;
  },
  prefs: { burySiblings: boolean; until: Date },
) {
  const { userId, cardId, ownerId, reviewId, before, after } = rated;
  const leech = after.lapses > (before?.lapses ?? 0) && isLeech(after.lapses);
  if (leech) {
    await holdsRepo.suspend(tx, userId, [cardId], true, true);
    if (ownerId === userId) await deps.flashcards.bulk.addTag(userId, [cardId], LEECH_TAG, tx);
  }
  if (prefs.burySiblings)
    await holdsRepo.burySiblings(tx, userId, await holdsRepo.siblings(tx, cardId), {
      until: prefs.until,
      reviewId,
      now: deps.clock.now(),
    });
  return { leech };
}

/**
 * Undoing the rating that made a card a leech undoes the leech too: the suspension it set is lifted (in
 * the undo's transaction) and, after it, the tag it added. A card the student suspended themselves, or
 * whose leech hold they already lifted, is left as it is.
 */
export async function undoLeech(
  tx: Tx,
  userId: number,
  cardId: number,
  lapses: { from: number; to: number },
) {
  if (!(lapses.from > lapses.to && isLeech(lapses.from))) return false;
  return holdsRepo.liftLeech(tx, userId, cardId);
}

/** The weights a student's ratings are scheduled with: their fitted ones, or null for the defaults. */
export const studentWeights = (preferences: { weights: number[] | null } | null | undefined) =>
  preferences?.weights?.length ? preferences.weights : null;

/**
 * What a rating is scheduled with, from what its locking read brought (reviewRepo.cardForRating): the
 * retention target and zone (the page's, else the saved one, else UTC: the queue's rule), whether to
 * bury siblings and until when (the start of tomorrow in that zone), the Easy Days, and the personal
 * FSRS weights if fitted.
 */

export function ratingPreferences(
  stored: {
    settings: { desiredRetention: number; timeZone: string } | null;
    preferences: { burySiblings: boolean; easyDays: number[]; weights: number[] | null } | null;
  },
  now: Date,
  /** The page's zone, which the queue's buttons were computed in: it wins over the saved one. */
  pageZone?: string,
) {
  const { desiredRetention, timeZone: savedZone } = stored.settings ?? {
    desiredRetention: DEFAULT_REVIEW_SETTINGS.desiredRetention,
    timeZone: "UTC",
  };
  const timeZone = pageZone ?? savedZone;
  const { burySiblings, easyDays } = stored.preferences ?? DEFAULT_REVIEW_PREFERENCES;
  return {
    desiredRetention,
    burySiblings,
    until: burySiblings ? addLocalDays(startOfLocalDay(now, timeZone), 1, timeZone) : new Date(0),
    easyDays,
    timeZone,
    weights: studentWeights(stored.preferences),
  };
}

const STATE_NAMES = ["new", "learning", "review", "relearning"] as const;

/** The card browser's page: the student's own cards, filtered and sorted, `limit` at a time. */
export async function browse(deps: HoldDeps, userId: number, q: BrowserQuery): Promise<BrowserPage> {
  const now = deps.clock.now();
  const timeZone = q.timeZone ?? (await deps.settings.timeZone(userId));
  const endOfToday = addLocalDays(startOfLocalDay(now, timeZone), 1, timeZone);
  const dueBy =
    q.due === "overdue"
      ? now
      : q.due === "today"
        ? endOfToday
        : q.due === "week"
          ? addLocalDays(endOfToday, 6, timeZone)
          : undefined;
  const offset = q.cursor ? Number(q.cursor) : 0;
  const [{ rows, total }, sets] = await Promise.all([
    browserRepo.page(
      deps.db,
      { userId, q: q.q, setId: q.setId, state: q.state, tag: q.tag, dueBy, now },
      { sort: q.sort, dir: q.dir },
      offset,
      q.limit,
    ),
    offset === 0 ? browserRepo.sets(deps.db, userId) : null,
  ]);
  return {
    cards: rows.slice(0, q.limit).map((r) => ({
      id: r.id,
      flashcardSetId: r.flashcardSetId,
      setTitle: r.setTitle,
      question: r.question,
      answer: r.answer,
      tags: r.tags,
      state: STATE_NAMES[r.state ?? 0] ?? "new",
      due: r.due?.toISOString() ?? null,
      lapses: r.lapses ?? 0,
      suspended: r.suspended ?? false,
      buriedUntil: r.buriedUntil && r.buriedUntil > now ? r.buriedUntil.toISOString() : null,
      leech: r.leech ?? false,
    })),
    total,
    nextCursor: rows.length > q.limit ? String(offset + q.limit) : null,
    sets,
  };
}

/**
 * The browser's bulk action, all or nothing: every id must be the student's own card (another's, or a
 * missing one, is a 404 and nothing changes).
 */
export async function bulk(deps: HoldDeps, userId: number, body: BulkBody): Promise<{ updated: number }> {
  const { db, flashcards } = deps;
  const own = await holdsRepo.ownCardIds(db, userId, body.ids);
  if (own.length !== body.ids.length) throw notFound("Flashcard");
  switch (body.action) {
    case "suspend":
    case "unsuspend":
      await holdsRepo.suspend(db, userId, body.ids, body.action === "suspend");
      return { updated: body.ids.length };
    case "unbury":
      await holdsRepo.bury(db, userId, body.ids, null);
      return { updated: body.ids.length };
    case "delete":
      return { updated: await flashcards.bulk.remove(userId, body.ids) };
    case "move":
      return { updated: await flashcards.bulk.move(userId, body.ids, body.flashcardSetId) };
    case "addTag":
      return { updated: await flashcards.bulk.addTag(userId, body.ids, body.tag) };
    case "removeTag":
      return { updated: await flashcards.bulk.removeTag(userId, body.ids, body.tag) };
  }
}
