import { randomInt } from "node:crypto";
import { verify } from "@node-rs/argon2";
import type {
  AuthResponse,
  ChangePasswordInput,
  DeviceSession,
  LoginInput,
  PasswordResetConfirmInput,
  RegisterInput,
  User,
} from "#shared/auth/contract.ts";
import { SESSION_TTL_MS, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from "#shared/constants.ts";
import { foldText } from "#shared/fold-text.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { randomToken, sha256 } from "../../lib/crypto.ts";
import { AppError, conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { exportAccountZip } from "./account-data.ts";
import { authRepo, toUser } from "./auth.repo.ts";
import { confirmPasswordReset, type PasswordResetDeps, requestPasswordReset } from "./password-reset.ts";
import { DUMMY_HASH, hashPassword } from "./passwords.ts";

export type { PasswordResetDeps };

/** What deleting an account needs of study groups. */
export interface AccountGroups {
  leaveAll(userId: number, tx: Tx): Promise<void>;
}

/** A session's last use is written at most this often (not on every request). */
const LAST_SEEN_EVERY_MS = 5 * 60_000;
const USER_AGENT_MAX = 300;
const wrongPassword = () => new AppError(400, "invalid_credentials", "That password is not correct.");

const USERNAME_TAKEN = "That username is already taken.";
const EMAIL_TAKEN = "An account with this email already exists.";

const usernameTaken = () => conflict(USERNAME_TAKEN, "username_taken");
const emailTaken = () => conflict(EMAIL_TAKEN, "email_taken");

type AuthContext = { db: Db; clock: Clock };

async function startSession({ db, clock }: AuthContext, userId: number, userAgent = ""): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
  await authRepo.insertSession(
    db,
    userId,
    sha256(token),
    expiresAt,
    [...userAgent].slice(0, USER_AGENT_MAX).join(""),
  );
  return token;
}

async function checkPassword({ db }: AuthContext, userId: number, password: string) {
  const row = await authRepo.findUserById(db, userId);
  if (!row) throw notFound("User");
  if (!(await verify(row.passwordHash, password))) throw wrongPassword();
  return row;
}

/**
 * A username for a sign-up that sent none (SPEC §7's register body has no username): the student's name,
 * which others see beside the username anyway (never the email, which would show its local part), in the
 * §5 alphabet, with a random number when that is short or taken. The student can change it in Settings.
 */
function usernameFromName(input: RegisterInput, attempt: number): string {
  const base = foldText(`${input.firstName}_${input.lastName}`)
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, USERNAME_MAX_LENGTH);
  if (attempt === 0 && base.length >= USERNAME_MIN_LENGTH) return base;
  const suffix = String(randomInt(1000, 1_000_000));
  return `${(base || "student").slice(0, USERNAME_MAX_LENGTH - suffix.length - 1)}_${suffix}`;
}

/** Tries for a generated name: each after the first has a random number, so a clash is rare. */
const GENERATED_NAME_ATTEMPTS = 5;

async function register(ctx: AuthContext, input: RegisterInput, userAgent?: string): Promise<AuthResponse> {
  const { db } = ctx;
  if (await authRepo.findUserByEmail(db, input.email)) throw emailTaken();
  if (input.username !== undefined && (await authRepo.findUserByUsername(db, input.username)))
    throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    const generated = input.username === undefined;
    const username = input.username ?? usernameFromName(input, attempt);
    const retry = generated && attempt < GENERATED_NAME_ATTEMPTS;
    if (retry && (await authRepo.findUserByUsername(db, username))) continue;
    try {
      const row = await authRepo.insertUser(db, {
        email: input.email,
        username,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      return { token: await startSession(ctx, row.id, userAgent), user: toUser(row) };
    } catch (err) {
      // Two sign-ups racing for the same name: the unique index decides.
      if (isUniqueViolation(err, "users_username_lower_idx")) {
        if (retry) continue;
        throw usernameTaken();
      }
      if (isUniqueViolation(err, "users_email_lower_idx")) throw emailTaken();
      throw err;
    }
  }
}

async function login(ctx: AuthContext, input: LoginInput, userAgent?: string): Promise<AuthResponse> {
  const { db } = ctx;
  const row = await authRepo.findUserByEmail(db, input.email);
  const ok = await verify(row?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!row || !ok) throw new AppError(401, "invalid_credentials", "Invalid email or password.");
  return { token: await startSession(ctx, row.id, userAgent), user: toUser(row) };
}

/** The student's signed-in devices, this one first. */
async function sessions(
  { db, clock }: AuthContext,
  userId: number,
  sessionId: number,
): Promise<DeviceSession[]> {
  const rows = await authRepo.listSessions(db, userId, clock.now());
  const list = rows.map((r) => ({
    id: r.id,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === sessionId,
  }));
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/**
 * Accounts and sessions: the users, sessions and password_reset_tokens tables are read and written here
 * only. `reset` is present when the deployment sends email (SMTP_URL).
 */
export function createAuthService({
  db,
  clock,
  reset,
  groups,
}: {
  db: Db;
  clock: Clock;
  reset?: PasswordResetDeps | null;
  /** Study groups the deleted account was in live on under their other members. */
  groups: AccountGroups;
}) {
  const ctx = { db, clock };
  const findLiveSession = authRepo.prepareLiveSessionLookup(db);
  return {
    register: (input: RegisterInput, userAgent?: string) => register(ctx, input, userAgent),
    login: (input: LoginInput, userAgent?: string) => login(ctx, input, userAgent),

    async authenticate(token: string) {
      const now = clock.now();
      const session = await findLiveSession(sha256(token), now);
      if (session && now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
        await authRepo.touchSession(db, session.id, now);
      }
      return session;
    },

    /** Needs the current password; signs out every other session of the account (issue 27). */
    async changePassword(userId: number, sessionId: number, input: ChangePasswordInput): Promise<void> {
      await checkPassword(ctx, userId, input.currentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await authRepo.updateUser(tx, userId, { passwordHash });
        await authRepo.deleteOtherSessions(tx, userId, sessionId);
      });
    },

    sessions: (userId: number, sessionId: number) => sessions(ctx, userId, sessionId),

    async revokeSession(userId: number, id: number): Promise<void> {
      if (!(await authRepo.deleteUserSession(db, userId, id))) throw notFound("Session");
    },

    revokeOtherSessions: (userId: number, sessionId: number) =>
      authRepo.deleteOtherSessions(db, userId, sessionId),

    /** The ZIP of docs/account-data.md, read in one transaction so it is one consistent moment. */
    exportData: (userId: number) => db.transaction((tx) => exportAccountZip(tx, userId, clock.now())),

    /**
     * Deletes the account with everything of it in one transaction: the foreign keys cascade from users
     * to every row of the student (sessions, tasks, sets, cards, reviews, chat, documents, push
     * subscriptions, share links, group memberships, friendships). Their groups are left first, as
     * Leave group does, so a group with other members stays with them.
     */
    async deleteAccount(userId: number, password: string): Promise<void> {
      await checkPassword(ctx, userId, password);
      await db.transaction(async (tx) => {
        await groups.leaveAll(userId, tx);
        if (!(await authRepo.deleteUser(tx, userId))) throw notFound("User");
      });
    },

    /** Deletes sessions and reset links past their expiry; returns how many sessions. */
    async purgeExpiredSessions() {
      await authRepo.deleteExpiredResetTokens(db, clock.now());
      return authRepo.deleteExpiredSessions(db, clock.now());
    },

    passwordResetAvailable: () => Boolean(reset),
    requestPasswordReset: (email: string) => requestPasswordReset({ db, clock, reset }, email),
    confirmPasswordReset: (input: PasswordResetConfirmInput) =>
      confirmPasswordReset({ db, clock, reset }, input),

    async logout(sessionId: number) {
      await authRepo.deleteSession(db, sessionId);
    },

    async getUser(userId: number): Promise<User> {
      const row = await authRepo.findUserById(db, userId);
      if (!row) throw notFound("User");
      return toUser(row);
    },

    async updateUsername(userId: number, username: string): Promise<User> {
      const other = await authRepo.findUserByUsername(db, username);
      if (other && other.id !== userId) throw usernameTaken();
      try {
        const row = await authRepo.updateUser(db, userId, { username });
        if (!row) throw notFound("User");
        return toUser(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw usernameTaken();
        throw err;
      }
    },

    async setOnboarded(userId: number): Promise<User> {
      const row = await authRepo.updateUser(db, userId, { isOnboarded: true });
      if (!row) throw notFound("User");
      return toUser(row);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
