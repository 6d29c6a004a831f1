import { boolean, doublePrecision, integer, pgTable, text } from "drizzle-orm/pg-core";
import type { Settings } from "#shared/settings/contract.ts";
import { users } from "./auth.ts";
import { updatedAt } from "./columns.ts";

export const userSettings = pgTable("user_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  aiModel: text("ai_model").$type<Settings["aiModel"]>().notNull().default("gpt-4o"),
  theme: text("theme").$type<Settings["theme"]>().notNull().default("light"),
  autoSync: boolean("auto_sync").notNull().default(true),
  notificationsEnabled: boolean("notifications_enabled").notNull().default(true),
  /** The IANA zone the browser reports, so streaks and the heatmap count the student's own days. */
  timeZone: text("time_zone").notNull().default("UTC"),
  /** Spaced review (issue 11): FSRS desired retention and the daily limit of new cards. */
  desiredRetention: doublePrecision("desired_retention").notNull().default(0.9),
  newCardsPerDay: integer("new_cards_per_day").notNull().default(20),
  /** Anki's Maximum reviews/day: review cards (and new ones) past it today wait for another day. */
  maxReviewsPerDay: integer("max_reviews_per_day").notNull().default(200),
  /** Friends see this student's level and current streak (issue 13); off, the server sends neither. */
  showProgressToFriends: boolean("show_progress_to_friends").notNull().default(true),
  /** Reminders (issue 23), each under notificationsEnabled; times are 'HH:MM' in timeZone. */
  remindTaskDue: boolean("remind_task_due").notNull().default(true),
  remindDailyReview: boolean("remind_daily_review").notNull().default(true),
  reviewTime: text("review_time").notNull().default("18:00"),
  remindExamPlan: boolean("remind_exam_plan").notNull().default(true),
  quietHours: boolean("quiet_hours").notNull().default(true),
  quietStart: text("quiet_start").notNull().default("22:00"),
  quietEnd: text("quiet_end").notNull().default("07:00"),
  updatedAt: updatedAt(),
});
