import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ownerId, updatedAt } from "./columns.ts";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    avatarUrl: text("avatar_url"),
    isOnboarded: boolean("is_onboarded").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Email and username are unique regardless of case: 'Ana' and 'ana' are one student.
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
  ],
);

/** Opaque bearer tokens; only their SHA-256 is stored, so a database leak leaks no sessions. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The browser that signed in (its User-Agent, cut to 300 characters), for "Signed-in devices". */
    userAgent: text("user_agent").notNull().default(""),
    /** Last request made with the session, recorded at most every few minutes. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Password-reset links (issue 27): like sessions, only the token's SHA-256 is stored. A row is used once
 * (`used_at`) and lives 30 minutes; the student's other unused links end when one is used.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);
