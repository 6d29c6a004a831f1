import { z } from "zod";
import { DEFAULT_AI_MODEL, DEFAULT_THEME, THEMES } from "../constants.ts";
import { endpoint } from "../http.ts";
import { dbId } from "../schema-primitives.ts";
import { isTimeZone } from "../time-zone.ts";

export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;
/**
 * gpt-4o or gpt-3.5-turbo, or the model a configured server names (e.g. 'llama3.1'); the server checks
 * it against the models it offers.
 */
export const aiModelSchema = z
  .string("aiModel must be a model name")
  .trim()
  .min(1, "aiModel must be a model name")
  .max(100, "aiModel must be at most 100 characters")
  .regex(/^[A-Za-z0-9][\w.:/@-]*$/, "aiModel must be a model name such as gpt-4o");

export const settingsSchema = z.object({
  aiModel: aiModelSchema,
  theme: themeSchema,
  autoSync: z.boolean(),
  notificationsEnabled: z.boolean(),
  /** Friends see this student's level and current streak (issue 13); off, the server does not send them. */
  showProgressToFriends: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  aiModel: DEFAULT_AI_MODEL,
  theme: DEFAULT_THEME,
  autoSync: true,
  notificationsEnabled: true,
  showProgressToFriends: true,
};

/**
 * SPEC §7 sends the whole settings object plus userId. showProgressToFriends is not in SPEC's object, so a
 * save without it keeps the stored choice.
 */
export const saveSettingsSchema = settingsSchema.extend({
  showProgressToFriends: z.boolean().optional(),
  userId: dbId("userId must be an id").optional(),
});
export type SaveSettings = Omit<z.infer<typeof saveSettingsSchema>, "userId">;

export const settingsEndpoints = {
  get: endpoint({ method: "GET", path: "/api/settings", response: settingsSchema }),
  save: endpoint({
    method: "POST",
    path: "/api/settings",
    body: saveSettingsSchema,
    response: settingsSchema,
  }),
};

/** The browser's IANA zone (Intl.DateTimeFormat().resolvedOptions().timeZone), for streaks and the heatmap. */
export const timeZoneBodySchema = z.object({
  timeZone: z
    .string("timeZone is required")
    .min(1, "timeZone is required")
    .max(64)
    .refine(isTimeZone, "timeZone must be an IANA time zone such as Europe/Paris"),
});

export const timeZoneEndpoints = {
  save: endpoint({
    method: "PUT",
    path: "/api/settings/time-zone",
    body: timeZoneBodySchema,
    response: timeZoneBodySchema,
  }),
};
