import { z } from "zod";
import { claimedUserId, endpoint } from "../http.ts";
import { boundedJsonObject, MAX_METADATA_BYTES, safeText } from "../schema-primitives.ts";

/** Free-form, but bounded: it is stored as jsonb for every call (2 KB, no NUL, 32 levels). */
const metadataSchema = boundedJsonObject(MAX_METADATA_BYTES).default({});

/** SPEC §7 achievement check: what happened and how much (activityType 'task_completion', value 1, ...). */
export const achievementCheckSchema = z.object({
  userId: claimedUserId,
  activityType: safeText("activityType is required").trim().min(1, "activityType is required").max(100),
  value: z.number("value must be a number").int().min(0).max(1_000_000).default(1),
  metadata: metadataSchema,
});
export type AchievementCheckInput = z.input<typeof achievementCheckSchema>;

/** SPEC §7 study-stats tracking: action 'task_completed' with metadata. */
export const studyStatsTrackSchema = z.object({
  userId: claimedUserId,
  action: safeText("action is required").trim().min(1, "action is required").max(100),
  metadata: metadataSchema,
});
export type StudyStatsTrackInput = z.input<typeof studyStatsTrackSchema>;

export const recordedSchema = z.object({ recorded: z.literal(true) });

export const trackingEndpoints = {
  checkAchievements: endpoint({
    method: "POST",
    path: "/api/achievements/check",
    body: achievementCheckSchema,
    response: recordedSchema,
    status: 201,
  }),
  trackStudyStats: endpoint({
    method: "POST",
    path: "/api/study-stats/track",
    body: studyStatsTrackSchema,
    response: recordedSchema,
    status: 201,
  }),
};
