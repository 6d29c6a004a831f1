import { offeredModels } from "#server/integrations/ai/models.ts";
import { AI_MODELS } from "#shared/constants.ts";
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings } from "#shared/review/contract.ts";
import {
  DEFAULT_REMINDER_SETTINGS,
  DEFAULT_SETTINGS,
  type ReminderSettings,
  type SaveSettings,
  type Settings,
} from "#shared/settings/contract.ts";
import type { AppConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../lib/errors.ts";
import { settingsRepo } from "./settings.repo.ts";

const toSettings = ({
  aiModel,
  theme,
  autoSync,
  notificationsEnabled,
  showProgressToFriends,
}: Settings): Settings => ({ aiModel, theme, autoSync, notificationsEnabled, showProgressToFriends });

type SettingsRow = NonNullable<Awaited<ReturnType<typeof settingsRepo.find>>>;
const toReminders = (row: SettingsRow): ReminderSettings => ({
  taskDue: row.remindTaskDue,
  dailyReview: row.remindDailyReview,
  reviewTime: row.reviewTime,
  examPlan: row.remindExamPlan,
  quietHours: row.quietHours,
  quietStart: row.quietStart,
  quietEnd: row.quietEnd,
});

const toProfile = (row: SettingsRow | undefined): ReminderProfile =>
  row
    ? { ...toReminders(row), enabled: row.notificationsEnabled, timeZone: row.timeZone }
    : { ...DEFAULT_REMINDER_SETTINGS, enabled: DEFAULT_SETTINGS.notificationsEnabled, timeZone: "UTC" };

/** What reminds a student: the master switch, their zone and each reminder's setting. */
export interface ReminderProfile extends ReminderSettings {
  enabled: boolean;
  timeZone: string;
}

/** The student's preferences; a student who never saved any has the defaults. */
export function createSettingsService({ db, config }: { db: Db; config: AppConfig }) {
  // A stored OpenAI model stays valid (the whole form is saved at once); another name must be offered.
  const allowed = new Set<string>([...AI_MODELS, ...offeredModels(config.openai)]);
  const reviewSettingsOf = (row: ReviewSettings): ReviewSettings => ({
    desiredRetention: row.desiredRetention,
    newCardsPerDay: row.newCardsPerDay,
    maxReviewsPerDay: row.maxReviewsPerDay,
  });
  async function get(userId: number): Promise<Settings> {
    const row = await settingsRepo.find(db, userId);
    return row ? toSettings(row) : DEFAULT_SETTINGS;
  }
  return {
    get,
    /** Spaced review's settings (issue 11): FSRS desired retention and new cards per day. */
    async getReview(userId: number): Promise<ReviewSettings> {
      const row = await settingsRepo.find(db, userId);
      return row ? reviewSettingsOf(row) : DEFAULT_REVIEW_SETTINGS;
    },
    async saveReview(
      userId: number,
      values: Omit<ReviewSettings, "maxReviewsPerDay"> & { maxReviewsPerDay?: number | undefined },
    ): Promise<ReviewSettings> {
      return reviewSettingsOf(await settingsRepo.upsertReview(db, userId, values));
    },
    async save(userId: number, values: SaveSettings) {
      if (!allowed.has(values.aiModel)) {
        const message = `This server offers these AI models: ${[...allowed].join(", ")}.`;
        throw badRequest(message, [{ path: "aiModel", message }]);
      }
      return toSettings(await settingsRepo.upsert(db, userId, values));
    },
    /** Of these students, the ones who let friends see their level and streak (the default). */
    async showingProgress(userIds: number[]): Promise<number[]> {
      const hidden = new Set(await settingsRepo.hidingProgress(db, userIds));
      return userIds.filter((id) => !hidden.has(id));
    },
    /** Of these students, the ones with 'Auto-sync with Canvas' on (the default). */
    async autoSyncing(userIds: number[]): Promise<number[]> {
      const off = new Set(await settingsRepo.autoSyncOff(db, userIds));
      return userIds.filter((id) => !off.has(id));
    },
    /** What reminds the student (Settings > General, under 'Enable notifications'). */
    async getReminders(userId: number): Promise<ReminderSettings> {
      const row = await settingsRepo.find(db, userId);
      return row ? toReminders(row) : DEFAULT_REMINDER_SETTINGS;
    },
    saveReminders: async (userId: number, values: ReminderSettings): Promise<ReminderSettings> =>
      toReminders(await settingsRepo.upsertReminders(db, userId, values)),
    /** Everything the reminder jobs read about each of these students, in one query, by student. */
    async reminderProfiles(userIds: number[]): Promise<Map<number, ReminderProfile>> {
      const rows = new Map((await settingsRepo.findMany(db, userIds)).map((r) => [r.userId, r]));
      return new Map(userIds.map((id) => [id, toProfile(rows.get(id))]));
    },
    /** The zone streaks and the heatmap count days in; UTC until the browser reports one. */
    timeZone: (userId: number) => settingsRepo.timeZone(db, userId),
    saveTimeZone: (userId: number, timeZone: string) => settingsRepo.saveTimeZone(db, userId, timeZone),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
