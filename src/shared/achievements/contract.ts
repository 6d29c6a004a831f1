import { z } from "zod";
import { SHARE_LINK_DAYS } from "../constants.ts";
import { claimedUserId, endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbIdParam } from "../schema-primitives.ts";
import { criteriaTypeSchema } from "./criteria.ts";

/** Achievements, study stats and share links (issue 12, SPEC §2.9-2.10, §3, §7). */

export const ACHIEVEMENT_CATEGORIES = ["study", "social", "streak", "milestone", "other"] as const;
export const ACHIEVEMENT_DIFFICULTIES = ["easy", "medium", "hard"] as const;
export const ACHIEVEMENT_ICONS = ["award", "trophy", "flame", "book-open", "calendar"] as const;

const categorySchema = z.enum(ACHIEVEMENT_CATEGORIES);
const iconSchema = z.enum(ACHIEVEMENT_ICONS);

/**
 * One catalogue entry with the caller's progress. A hidden achievement not yet earned keeps its secret:
 * title, description and criteria are null and `isHidden` is the hint.
 */
export const achievementSchema = z.object({
  id: z.int(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  category: categorySchema,
  difficulty: z.enum(ACHIEVEMENT_DIFFICULTIES),
  points: z.int(),
  isHidden: z.boolean(),
  icon: iconSchema,
  criteria: z.object({ type: criteriaTypeSchema, target: z.number() }).nullable(),
  earned: z.boolean(),
  earnedAt: z.string().nullable(),
  /** 0-100, computed on the server from recorded facts (SPEC §4 cap). */
  progress: z.number().min(0).max(100),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const userAchievementSchema = z.object({
  id: z.int(),
  achievementId: z.int(),
  dateEarned: z.string(),
  earnedAt: z.string(),
  achievement: z.object({
    title: z.string(),
    description: z.string(),
    category: categorySchema,
    icon: iconSchema,
    pointValue: z.int(),
  }),
});
export type UserAchievement = z.infer<typeof userAchievementSchema>;

export const studyStatsSchema = z.object({
  totalStudyTime: z.int(),
  currentStudyStreak: z.int(),
  longestStudyStreak: z.int(),
  level: z.int(),
  totalPoints: z.int(),
  totalTasksCompleted: z.int(),
  studyHabitData: z.object({ totalHours: z.number(), sessionsCount: z.int() }),
});
export type StudyStats = z.infer<typeof studyStatsSchema>;

export const shareSettingsSchema = z.object({
  achievements: z.boolean("achievements must be true or false"),
  studyTime: z.boolean("studyTime must be true or false"),
  streak: z.boolean("streak must be true or false"),
  level: z.boolean("level must be true or false"),
});
export type ShareSettings = z.infer<typeof shareSettingsSchema>;

/** Days a share link lives; a later expiresAt is clamped to this (SPEC §9), an earlier one kept. */
export const SHARE_LINK_MAX_DAYS = SHARE_LINK_DAYS;

export const createShareLinkSchema = z.object({
  userId: claimedUserId,
  shareSettings: shareSettingsSchema,
  expiresAt: z.iso.datetime({ offset: true, message: "expiresAt must be an ISO date-time" }).optional(),
});

export const shareLinkSchema = z.object({
  id: z.int(),
  shareCode: z.string(),
  shareSettings: shareSettingsSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/**
 * The public share page's data: only what the toggles share is present at all, the first name and the
 * completed-task count always. No email, no user id.
 */
export const sharedStatsSchema = z.object({
  studyStats: z.object({
    firstName: z.string(),
    totalTasksCompleted: z.int(),
    totalStudyTime: z.int().optional(),
    studyHabitData: z.object({ totalHours: z.number(), sessionsCount: z.int() }).optional(),
    currentStudyStreak: z.int().optional(),
    longestStudyStreak: z.int().optional(),
    level: z.int().optional(),
    totalPoints: z.int().optional(),
  }),
  achievements: z.array(userAchievementSchema.omit({ id: true })).optional(),
  shareSettings: shareSettingsSchema,
});
export type SharedStats = z.infer<typeof sharedStatsSchema>;

export const heatmapSchema = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), minutes: z.int() })),
});
export type Heatmap = z.infer<typeof heatmapSchema>;

export const achievementEndpoints = {
  list: endpoint({ method: "GET", path: "/api/achievements", response: z.array(achievementSchema) }),
  earned: endpoint({
    method: "GET",
    path: "/api/user-achievements",
    response: z.array(userAchievementSchema),
  }),
  studyStats: endpoint({
    method: "GET",
    path: "/api/study-stats/:userId",
    params: z.object({ userId: dbIdParam() }),
    response: studyStatsSchema,
  }),
  heatmap: endpoint({ method: "GET", path: "/api/study-heatmap", response: heatmapSchema }),
  createShareLink: endpoint({
    method: "POST",
    path: "/api/shareable-links",
    body: createShareLinkSchema,
    response: z.object({ shareCode: z.string(), expiresAt: z.string() }),
    status: 201,
  }),
  listShareLinks: endpoint({
    method: "GET",
    path: "/api/shareable-links",
    response: z.array(shareLinkSchema),
  }),
  revokeShareLink: endpoint({
    method: "DELETE",
    path: "/api/shareable-links/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
};
