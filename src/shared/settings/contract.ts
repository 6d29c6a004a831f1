import { z } from "zod";
import { DEFAULT_AI_MODEL, DEFAULT_THEME, THEMES } from "../constants.ts";
import { claimedUserId, endpoint } from "../http.ts";
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
  userId: claimedUserId,
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

/** A wall-clock time of day in the student's zone, 'HH:MM' (24-hour). */
export const clockTimeSchema = z
  .string("must be a time such as 18:00")
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time such as 18:00 (24-hour HH:MM)");

/**
 * What reminds the student (issue 23), under 'Enable notifications' (notificationsEnabled: off, nothing
 * reminds). Times are wall-clock times in the student's time zone (PUT /api/settings/time-zone).
 */
export const reminderSettingsSchema = z.object({
  /** A task due in 24 h and again in 1 h (never for a completed task). */
  taskDue: z.boolean(),
  /** 'N cards due' once a day at `reviewTime`, when any are due. */
  dailyReview: z.boolean(),
  reviewTime: clockTimeSchema,
  /** On a day an exam plan puts cards in, at `reviewTime`. */
  examPlan: z.boolean(),
  /** Nothing is pushed from `quietStart` to `quietEnd` (may span midnight); what fell due then comes after. */
  quietHours: z.boolean(),
  quietStart: clockTimeSchema,
  quietEnd: clockTimeSchema,
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  taskDue: true,
  dailyReview: true,
  reviewTime: "18:00",
  examPlan: true,
  quietHours: true,
  quietStart: "22:00",
  quietEnd: "07:00",
};

export const reminderSettingsEndpoints = {
  get: endpoint({ method: "GET", path: "/api/settings/reminders", response: reminderSettingsSchema }),
  /** The whole object, as the form holds it. */
  save: endpoint({
    method: "PUT",
    path: "/api/settings/reminders",
    body: reminderSettingsSchema,
    response: reminderSettingsSchema,
  }),
};
