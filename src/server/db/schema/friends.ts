import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt } from "./columns.ts";
import { studySets } from "./study.ts";

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

/** A study set shared with a group: its members may read it; only its owner edits it. */
export const studyGroupSets = pgTable(
  "study_group_sets",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    studySetId: integer("study_set_id")
      .notNull()
      .references(() => studySets.id, { onDelete: "cascade" }),
    sharedBy: integer("shared_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  // The reverse index answers "may this student read this set" from the set's side.
  (t) => [
    primaryKey({ columns: [t.groupId, t.studySetId] }),
    index("study_group_sets_set_idx").on(t.studySetId),
  ],
);
