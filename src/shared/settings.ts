import { z } from "zod";
import { AI_MODELS, DEFAULT_AI_MODEL, DEFAULT_THEME, THEMES } from "./constants.ts";
import { endpoint } from "./http.ts";
import { dbId } from "./schema-primitives.ts";
import { isTimeZone } from "./time-zone.ts";

export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;
export const aiModelSchema = z.enum(AI_MODELS);

export const settingsSchema = z.object({
  aiModel: aiModelSchema,
  theme: themeSchema,
  autoSync: z.boolean(),
  notificationsEnabled: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  aiModel: DEFAULT_AI_MODEL,
  theme: DEFAULT_THEME,
  autoSync: true,
  notificationsEnabled: true,
};

/** SPEC §7 sends the whole settings object plus userId. */
export const saveSettingsSchema = settingsSchema.extend({
  userId: dbId("userId must be an id").optional(),
});

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
