import { z } from "zod";
import { endpoint } from "./http.ts";

// SPEC §7 'GET /api/share/{shareCode}' and the §3 shapes it answers. The progress issue builds the server
// side; the public page already calls this row, so it shows SPEC §2.10's loading and error states now.

export const shareSettingsSchema = z.object({
  achievements: z.boolean(),
  studyTime: z.boolean(),
  streak: z.boolean(),
  level: z.boolean(),
});

export const sharedStatsSchema = z.object({
  totalStudyTime: z.number(),
  currentStudyStreak: z.number(),
  level: z.number(),
  totalPoints: z.number(),
  totalTasksCompleted: z.number(),
});

export const sharedAchievementSchema = z.object({
  id: z.number(),
  achievementId: z.number(),
  earnedAt: z.string(),
  achievement: z.object({
    title: z.string(),
    description: z.string(),
    category: z.string(),
    icon: z.string().nullable(),
    pointValue: z.number(),
  }),
});

export const sharedProgressSchema = z.object({
  studyStats: sharedStatsSchema,
  achievements: z.array(sharedAchievementSchema),
  shareSettings: shareSettingsSchema,
});
export type SharedProgress = z.infer<typeof sharedProgressSchema>;

export const shareEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/share/:shareCode",
    params: z.object({ shareCode: z.string().min(1, "Invalid share code") }),
    response: sharedProgressSchema,
    public: true,
  }),
};
