import type {
  Achievement,
  Heatmap,
  SharedStats,
  ShareLink,
  ShareSettings,
  StudyStats,
  UserAchievement,
} from "#shared/achievements/contract.ts";
import { SHARE_LINK_MAX_DAYS } from "#shared/achievements/contract.ts";
import {
  type CriteriaType,
  criteriaTypeSchema,
  levelFor,
  meetsCriteria,
  minutesPerDay,
  type ProgressFacts,
  progressFor,
  studyStreak,
} from "#shared/achievements/progress.ts";
import type { FriendProgress } from "#shared/friends/contract.ts";
import { addLocalDays } from "#shared/local-day.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { deriveSecret, randomToken, sha256 } from "../../lib/crypto.ts";
import { badRequest, gone, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { achievementsRepo, type FactsRow } from "./achievements.repo.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** 18 bytes: 144 bits, 24 base64url characters. */
const SHARE_CODE_BYTES = 18;
/** A share code: HMAC(SECRET_KEY, nonce); only its SHA-256 and the nonce are stored (issue 27 fault 11). */
const shareCodeOf = (secretKey: Buffer, nonce: string) =>
  deriveSecret(secretKey, "share-link", nonce, SHARE_CODE_BYTES);

type CatalogueRow = Awaited<ReturnType<typeof achievementsRepo.catalogue>>[number];
type EarnedRow = Awaited<ReturnType<typeof achievementsRepo.earned>>[number];

function toFacts(row: FactsRow, now: Date): { facts: ProgressFacts; longestStreak: number } {
  const streak = studyStreak(row.studyDays, now, row.timeZone);
  return {
    facts: {
      study_time: row.studySeconds / 3600,
      study_sessions: row.sessions,
      streak: streak.current,
      tasks_completed: row.tasksCompleted,
      flashcards_created: row.flashcards,
      cards_reviewed: row.reviews,
      quizzes_perfect: row.perfectQuizzes,
      friends: row.friends,
      study_sets_created: row.studySets,
      documents_uploaded: row.documents,
    },
    longestStreak: streak.longest,
  };
}

const criteriaOf = (a: CatalogueRow) => ({ type: a.criteriaType, target: a.criteriaTarget });

function toUserAchievement({ earned, achievement }: EarnedRow): UserAchievement {
  const at = earned.earnedAt.toISOString();
  return {
    id: earned.id,
    achievementId: achievement.id,
    dateEarned: at,
    earnedAt: at,
    achievement: {
      title: achievement.title,
      description: achievement.description,
      category: achievement.category as UserAchievement["achievement"]["category"],
      icon: achievement.icon as UserAchievement["achievement"]["icon"],
      pointValue: achievement.points,
    },
  };
}

const toShareLink = (
  secretKey: Buffer,
  row: { id: number; nonce: string | null; settings: ShareSettings; expiresAt: Date; createdAt: Date },
): ShareLink => ({
  id: row.id,
  // Links made before hashing have no nonce; the migration revoked them, so lists never show one.
  shareCode: row.nonce ? shareCodeOf(secretKey, row.nonce) : "",
  shareSettings: row.settings,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

const EVALUATED_ON = [
  "session.recorded",
  "task.completed",
  "flashcard.created",
  "card.reviewed",
  "quiz.completed",
  "friend.accepted",
  "studyset.created",
  "document.uploaded",
] as const;

interface AchievementsDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  secretKey: Buffer;
}

/** What every operation below works with: the deps and the catalogue, read once. */
interface Ctx extends AchievementsDeps {
  catalogue: () => Promise<CatalogueRow[]>;
}

/** The catalogue changes only by migration, which runs before the server starts: it is read once. */
function catalogueReader(db: Db) {
  let once: Promise<CatalogueRow[]> | undefined;
  return () => {
    once ??= achievementsRepo.catalogue(db).catch((err: unknown) => {
      once = undefined; // a failed read is retried by the next caller
      throw err;
    });
    return once;
  };
}

/**
 * Awards every achievement the facts justify; returns the ids newly earned (idempotent). One round trip
 * (the facts) when nothing new is due, two when something is: the insert then skips what a concurrent
 * evaluation earned meanwhile.
 */
async function evaluate({ db, clock, catalogue: loadCatalogue }: Ctx, userId: number): Promise<number[]> {
  const [row, catalogue] = await Promise.all([achievementsRepo.facts(db, userId), loadCatalogue()]);
  const { facts } = toFacts(row, clock.now());
  const earned = new Set(row.earnedIds);
  const due = catalogue
    .filter((a) => !earned.has(a.id) && meetsCriteria(criteriaOf(a), facts))
    .map((a) => a.id);
  return achievementsRepo.award(db, userId, due);
}

/**
 * One student's evaluations in turn, and at most one waiting: a burst of ratings answered before their
 * evaluations ran costs one evaluation per run, not one each. A waiting evaluation starts after the
 * running one, so it reads every fact written before it was asked for.
 */
function reevaluator(ctx: Ctx) {
  const running = new Map<number, Promise<void>>();
  const waiting = new Map<number, Promise<void>>();
  return (userId: number): Promise<void> => {
    const queued = waiting.get(userId);
    if (queued) return queued;
    const before = running.get(userId) ?? Promise.resolve();
    const next: Promise<void> = before
      .catch(() => {})
      .then(() => {
        waiting.delete(userId);
        return evaluate(ctx, userId).then(() => {});
      })
      .finally(() => {
        if (running.get(userId) === next) running.delete(userId);
      });
    waiting.set(userId, next);
    running.set(userId, next);
    return next;
  };
}

async function stats({ db, clock, events }: Ctx, userId: number): Promise<StudyStats> {
  // A rating's evaluation runs after its answer (card.reviewed): what is earned is read after it.
  await events.settledFor(userId);
  const row = await achievementsRepo.facts(db, userId);
  const { longestStreak, facts } = toFacts(row, clock.now());
  return {
    totalStudyTime: Math.floor(row.studySeconds / 60),
    currentStudyStreak: facts.streak,
    longestStudyStreak: longestStreak,
    level: levelFor(row.points).level,
    totalPoints: row.points,
    totalTasksCompleted: row.tasksCompleted,
    studyHabitData: {
      totalHours: Math.round((row.studySeconds / 3600) * 10) / 10,
      sessionsCount: row.sessions,
    },
  };
}

/** Level and current streak of each of these students, in no particular order. */
async function figures({ db, clock }: Ctx, userIds: number[]): Promise<FriendProgress[]> {
  const now = clock.now();
  return (await achievementsRepo.figures(db, userIds)).map((r) => ({
    id: r.userId,
    level: levelFor(r.points).level,
    currentStudyStreak: studyStreak(r.studyDays, now, r.timeZone).current,
  }));
}

/** Every achievement with the student's progress; a hidden one not yet earned keeps its secret. */
async function catalogueFor(ctx: Ctx, userId: number): Promise<Achievement[]> {
  await ctx.events.settledFor(userId);
  const [row, catalogue, earned] = await Promise.all([
    achievementsRepo.facts(ctx.db, userId),
    ctx.catalogue(),
    achievementsRepo.earned(ctx.db, userId),
  ]);
  const { facts } = toFacts(row, ctx.clock.now());
  const earnedAt = new Map(earned.map((e) => [e.achievement.id, e.earned.earnedAt]));
  return catalogue.map((a) => {
    const at = earnedAt.get(a.id);
    const secret = a.isHidden && !at;
    const type = criteriaTypeSchema.safeParse(a.criteriaType);
    return {
      id: a.id,
      title: secret ? null : a.title,
      description: secret ? null : a.description,
      category: a.category as Achievement["category"],
      difficulty: a.difficulty as Achievement["difficulty"],
      points: a.points,
      isHidden: a.isHidden,
      icon: a.icon as Achievement["icon"],
      criteria:
        secret || !type.success ? null : { type: type.data as CriteriaType, target: a.criteriaTarget },
      earned: at !== undefined,
      earnedAt: at?.toISOString() ?? null,
      progress: at ? 100 : progressFor(criteriaOf(a), facts),
    };
  });
}

/** Minutes per local day over the last 12 months, from timer sessions. */
async function heatmap({ db, clock }: Ctx, userId: number, timeZone: string): Promise<Heatmap> {
  const since = addLocalDays(clock.now(), -366, timeZone);
  const sessions = await achievementsRepo.sessionsSince(db, userId, since);
  return { timeZone, days: minutesPerDay(sessions, timeZone) };
}

/**
 * A link valid until `expiresAt`, clamped to SHARE_LINK_MAX_DAYS ahead (a later date is shortened,
 * not refused, so the SPEC client's "7 days ahead" works whatever its clock says); a past date is a 400.
 */
async function createShareLink(
  { db, clock, secretKey }: Ctx,
  userId: number,
  settings: ShareSettings,
  expiresAt: string | undefined,
) {
  const now = clock.now();
  const latest = new Date(now.getTime() + SHARE_LINK_MAX_DAYS * DAY_MS);
  const asked = expiresAt ? new Date(expiresAt) : latest;
  if (asked.getTime() <= now.getTime()) throw badRequest("expiresAt must be in the future");
  const nonce = randomToken(16);
  const shareCode = shareCodeOf(secretKey, nonce);
  const row = await achievementsRepo.insertShareLink(db, userId, {
    codeHash: sha256(shareCode),
    nonce,
    settings,
    expiresAt: asked.getTime() > latest.getTime() ? latest : asked,
  });
  return { shareCode, expiresAt: row.expiresAt.toISOString() };
}

async function revokeShareLink({ db, clock }: Ctx, userId: number, id: number): Promise<void> {
  if (!(await achievementsRepo.revokeShareLink(db, userId, id, clock.now()))) throw notFound("Share link");
}

/** The public view: only what the owner's toggles share is in the answer at all. */
async function shared(ctx: Ctx, shareCode: string): Promise<SharedStats> {
  const found = await achievementsRepo.findShareLink(ctx.db, sha256(shareCode));
  if (!found || found.link.revokedAt) throw notFound("Share link");
  if (found.link.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw gone("This shared link has expired");
  }
  const { userId, settings } = found.link;
  const s = await stats(ctx, userId);
  const studyStats: SharedStats["studyStats"] = {
    firstName: found.firstName,
    totalTasksCompleted: s.totalTasksCompleted,
  };
  if (settings.studyTime) {
    studyStats.totalStudyTime = s.totalStudyTime;
    studyStats.studyHabitData = s.studyHabitData;
  }
  if (settings.streak) {
    studyStats.currentStudyStreak = s.currentStudyStreak;
    studyStats.longestStudyStreak = s.longestStudyStreak;
  }
  if (settings.level) {
    studyStats.level = s.level;
    studyStats.totalPoints = s.totalPoints;
  }
  const answer: SharedStats = { studyStats, shareSettings: settings };
  if (settings.achievements) {
    answer.achievements = (await achievementsRepo.earned(ctx.db, userId))
      .map(toUserAchievement)
      .map(({ id: _id, ...rest }) => rest);
  }
  return answer;
}

/**
 * Open Graph title and description for a pasted /share link: the first name and only what the
 * toggles share. Null for an unknown, revoked or expired link (the page shows its error then).
 */
async function openGraph(
  ctx: Ctx,
  shareCode: string,
): Promise<{ title: string; description: string } | null> {
  const data = await shared(ctx, shareCode).catch(() => null);
  if (!data) return null;
  const s = data.studyStats;
  const parts: string[] = [];
  if (s.level !== undefined) parts.push(`Level ${s.level} (${s.totalPoints} points)`);
  if (s.currentStudyStreak !== undefined) parts.push(`${s.currentStudyStreak}-day study streak`);
  if (s.totalStudyTime !== undefined) {
    parts.push(`${Math.floor(s.totalStudyTime / 60)}h ${s.totalStudyTime % 60}m studied`);
  }
  parts.push(`${s.totalTasksCompleted} tasks completed`);
  return { title: `${s.firstName}'s Study Stats Showcase`, description: `${parts.join(" · ")}.` };
}

/**
 * Achievements, points, levels and streaks, computed from recorded facts only (sessions, completed tasks,
 * cards, reviews, quiz attempts, friendships): what a client sends is at most a hint to re-evaluate.
 * Re-evaluation also runs on the domain events of the features where those facts change. Each operation
 * is a function of its own above; this binds them to the app's deps and subscribes to the events.
 */
export function createAchievementsService(deps: AchievementsDeps) {
  const ctx: Ctx = { ...deps, catalogue: catalogueReader(deps.db) };
  const reevaluate = reevaluator(ctx);
  for (const name of EVALUATED_ON) deps.events.on(name, ({ userId }) => reevaluate(userId));
  return {
    evaluate: (userId: number) => evaluate(ctx, userId),
    stats: (userId: number) => stats(ctx, userId),
    figures: (userIds: number[]) => figures(ctx, userIds),
    catalogue: (userId: number) => catalogueFor(ctx, userId),
    earned: async (userId: number) => {
      await ctx.events.settledFor(userId);
      return (await achievementsRepo.earned(ctx.db, userId)).map(toUserAchievement);
    },
    heatmap: (userId: number, timeZone: string) => heatmap(ctx, userId, timeZone),
    createShareLink: (userId: number, settings: ShareSettings, expiresAt: string | undefined) =>
      createShareLink(ctx, userId, settings, expiresAt),
    listShareLinks: async (userId: number) =>
      (await achievementsRepo.listShareLinks(ctx.db, userId, ctx.clock.now())).map((row) =>
        toShareLink(ctx.secretKey, row),
      ),
    revokeShareLink: (userId: number, id: number) => revokeShareLink(ctx, userId, id),
    openGraph: (shareCode: string) => openGraph(ctx, shareCode),
    shared: (shareCode: string) => shared(ctx, shareCode),
  };
}
export type AchievementsService = ReturnType<typeof createAchievementsService>;
