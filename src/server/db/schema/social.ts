import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, ownerId } from "./columns.ts";
import { users } from "./users.ts";

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

/**
 * What the tracking calls of SPEC §7 report (task completed, set created, ...): an append-only log
 * that achievements and stats are computed from, so a new rule can be applied to past activity.
 */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    source: text("source").notNull(),
    activityType: text("activity_type").notNull(),
    value: integer("value").notNull().default(1),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("activity_events_user_type_idx").on(t.userId, t.activityType, t.createdAt)],
);

export const shareLinks = pgTable(
  "share_links",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    shareCode: text("share_code").notNull().unique(),
    settings: jsonb("settings")
      .$type<{ achievements: boolean; studyTime: boolean; streak: boolean; level: boolean }>()
      .notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("share_links_user_idx").on(t.userId)],
);

export const friendships = pgTable(
  "friendships",
  {
    id: serial("id").primaryKey(),
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addresseeId: integer("addressee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    // One relationship per pair, whoever asked first.
    uniqueIndex("friendships_pair_idx").on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index("friendships_addressee_idx").on(t.addresseeId, t.status),
    index("friendships_requester_idx").on(t.requesterId, t.status),
    check("friendships_not_self", sql`${t.requesterId} <> ${t.addresseeId}`),
    check("friendships_status_check", sql`${t.status} in ('pending', 'accepted')`),
  ],
);

export const studyGroups = pgTable(
  "study_groups",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    isPrivate: boolean("is_private").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("study_groups_owner_idx").on(t.ownerId)],
);

export const studyGroupMembers = pgTable(
  "study_group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("study_group_members_user_idx").on(t.userId)],
);
