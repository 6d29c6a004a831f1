import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, ownerId } from "./columns.ts";

/** The catalogue of achievements (seeded); criteria drive progress (SPEC §4). */
export const achievements = pgTable("achievements", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  category: text("category").notNull(),
  difficulty: text("difficulty").notNull(),
  points: integer("points").notNull(),
  isHidden: boolean("is_hidden").notNull().default(false),
  icon: text("icon").notNull().default("award"),
  criteriaType: text("criteria_type").notNull(),
  criteriaTarget: integer("criteria_target").notNull(),
});

export const userAchievements = pgTable(
  "user_achievements",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    achievementId: integer("achievement_id")
      .notNull()
      .references(() => achievements.id, { onDelete: "cascade" }),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_achievements_user_achievement_idx").on(t.userId, t.achievementId)],
);

export const shareLinks = pgTable(
  "share_links",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    /** SHA-256 of the share code: the public page is looked up by this; the code itself is not stored. */
    codeHash: text("code_hash").notNull().unique(),
    /** The code is HMAC(SECRET_KEY, nonce), so the owner's list can show it again (null: made before hashing, revoked). */
    nonce: text("nonce"),
    settings: jsonb("settings")
      .$type<{ achievements: boolean; studyTime: boolean; streak: boolean; level: boolean }>()
      .notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the owner revokes the link; a revoked link answers 404 like one that never existed. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("share_links_user_idx").on(t.userId)],
);
