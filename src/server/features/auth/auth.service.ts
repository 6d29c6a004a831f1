import { hash, verify } from "@node-rs/argon2";
import type {
  AuthResponse,
  ChangePasswordInput,
  DeviceSession,
  LoginInput,
  PasswordResetConfirmInput,
  RegisterInput,
  User,
} from "#shared/auth/contract.ts";
import { PASSWORD_RESET_TTL_MS, SESSION_TTL_MS } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../integrations/mail/mailer.ts";
import type { Clock } from "../../lib/clock.ts";
import { randomToken, sha256 } from "../../lib/crypto.ts";
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { exportAccountZip } from "./account-data.ts";
import { authRepo, toUser } from "./auth.repo.ts";

/** A session's last use is written at most this often (not on every request). */
const LAST_SEEN_EVERY_MS = 5 * 60_000;
const USER_AGENT_MAX = 300;
const wrongPassword = () => new AppError(400, "invalid_credentials", "That password is not correct.");

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
// Verifying against this when the email is unknown keeps login time the same for known and unknown emails.
const DUMMY_HASH = hash("studyhall-timing-equaliser", ARGON2);

const USERNAME_TAKEN = "That username is already taken.";
const EMAIL_TAKEN = "An account with this email already exists.";

const usernameTaken = () => conflict(USERNAME_TAKEN, "username_taken");
const emailTaken = () => conflict(EMAIL_TAKEN, "email_taken");

const resetNotConfigured = () =>
  new AppError(
    501,
    "not_configured",
    "Password reset by email is not set up on this server. Ask whoever runs it to reset your password.",
  );
const RESET_LINK_INVALID =
  "This reset link has expired or was already used. Ask for a new one from the sign-in page.";

export interface PasswordResetDeps {
  mailer: Mailer;
  /** PUBLIC_URL: the link points there, never at the request's Host header. */
  publicUrl: string;
  /** Where a failed send is reported (the request has already been answered). */
  log?: { error(obj: object, msg: string): void };
}

/** The reset email's text: plain, with the link on a line of its own. */
const resetMail = (firstName: string, link: string) =>
  [
    `Hi ${firstName},`,
    "",
    "Someone (hopefully you) asked to reset the password of your Studyhall account.",
    "Open this link within 30 minutes to choose a new one. It works once:",
    "",
    link,
    "",
    "If you did not ask, ignore this email: your password stays as it is.",
  ].join("\n");

/**
 * Accounts and sessions: the users, sessions and password_reset_tokens tables are read and written here
 * only. `reset` is present when the deployment sends email (SMTP_URL).
 */
export function createAuthService({
  db,
  clock,
  reset,
}: {
  db: Db;
  clock: Clock;
  reset?: PasswordResetDeps | null;
}) {
  const findLiveSession = authRepo.prepareLiveSessionLookup(db);
  async function startSession(userId: number, userAgent = ""): Promise<string> {
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
  async function checkPassword(userId: number, password: string) {
    const row = await authRepo.findUserById(db, userId);
    if (!row) throw notFound("User");
    if (!(await verify(row.passwordHash, password))) throw wrongPassword();
    return row;
  }

  return {
    async register(input: RegisterInput, userAgent?: string): Promise<AuthResponse> {
      if (await authRepo.findUserByEmail(db, input.email)) throw emailTaken();
      if (await authRepo.findUserByUsername(db, input.username)) throw usernameTaken();
      const passwordHash = await hash(input.password, ARGON2);
      try {
        const row = await authRepo.insertUser(db, {
          email: input.email,
          username: input.username,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
        });
        return { token: await startSession(row.id, userAgent), user: toUser(row) };
      } catch (err) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (isUniqueViolation(err, "users_username_lower_idx")) throw usernameTaken();
        if (isUniqueViolation(err, "users_email_lower_idx")) throw emailTaken();
        throw err;
      }
    },

    async login(input: LoginInput, userAgent?: string): Promise<AuthResponse> {
      const row = await authRepo.findUserByEmail(db, input.email);
      const ok = await verify(row?.passwordHash ?? (await DUMMY_HASH), input.password);
      if (!row || !ok) throw new AppError(401, "invalid_credentials", "Invalid email or password.");
      return { token: await startSession(row.id, userAgent), user: toUser(row) };
    },

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
      await checkPassword(userId, input.currentPassword);
      const passwordHash = await hash(input.newPassword, ARGON2);
      await db.transaction(async (tx) => {
        await authRepo.updateUser(tx, userId, { passwordHash });
        await authRepo.deleteOtherSessions(tx, userId, sessionId);
      });
    },

    async sessions(userId: number, sessionId: number): Promise<DeviceSession[]> {
      const rows = await authRepo.listSessions(db, userId, clock.now());
      const list = rows.map((r) => ({
        id: r.id,
        userAgent: r.userAgent,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        current: r.id === sessionId,
      }));
      return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
    },

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
     * subscriptions, share links, groups they created, group memberships, friendships).
     */
    async deleteAccount(userId: number, password: string): Promise<void> {
      await checkPassword(userId, password);
      await db.transaction(async (tx) => {
        if (!(await authRepo.deleteUser(tx, userId))) throw notFound("User");
      });
    },

    /** Deletes sessions and reset links past their expiry; returns how many sessions. */
    async purgeExpiredSessions() {
      await authRepo.deleteExpiredResetTokens(db, clock.now());
      return authRepo.deleteExpiredSessions(db, clock.now());
    },

    passwordResetAvailable: () => Boolean(reset),

    /**
     * Emails a single-use link valid 30 minutes when an account has this email; otherwise does nothing.
     * The caller answers the same either way, and the email is sent after answering.
     */
    async requestPasswordReset(email: string): Promise<void> {
      if (!reset) throw resetNotConfigured();
      const row = await authRepo.findUserByEmail(db, email);
      if (!row) return;
      const token = randomToken();
      await authRepo.insertResetToken(
        db,
        row.id,
        sha256(token),
        new Date(clock.now().getTime() + PASSWORD_RESET_TTL_MS),
      );
      // In the fragment, so the token reaches no server log or Referer header when the page opens.
      const link = `${reset.publicUrl}/reset-password#token=${token}`;
      reset.mailer
        .send({
          to: row.email,
          subject: "Reset your Studyhall password",
          text: resetMail(row.firstName, link),
        })
        .catch((err: Error) => reset.log?.error({ err: err.message }, "password reset email not sent"));
    },

    /** Sets the new password with a live, unused link, and signs out every session of the student. */
    async confirmPasswordReset(input: PasswordResetConfirmInput): Promise<void> {
      if (!reset) throw resetNotConfigured();
      const passwordHash = await hash(input.newPassword, ARGON2);
      await db.transaction(async (tx) => {
        const used = await authRepo.useResetToken(tx, sha256(input.token), clock.now());
        if (!used) throw badRequest(RESET_LINK_INVALID);
        await authRepo.updateUser(tx, used.userId, { passwordHash });
        await authRepo.deleteAllSessions(tx, used.userId);
        await authRepo.deleteOtherResetTokens(tx, used.userId, used.id);
      });
    },

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
