import type { PasswordResetConfirmInput } from "#shared/auth/contract.ts";
import { PASSWORD_RESET_TTL_MS } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../integrations/mail/mailer.ts";
import type { Clock } from "../../lib/clock.ts";
import { randomToken, sha256 } from "../../lib/crypto.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { authRepo } from "./auth.repo.ts";
import { hashPassword } from "./passwords.ts";

export interface PasswordResetDeps {
  mailer: Mailer;
  /** PUBLIC_URL: the link points there, never at the request's Host header. */
  publicUrl: string;
  /** Where a failed send is reported (the request has already been answered). */
  log?: { error(obj: object, msg: string): void };
}

/** What a reset needs; `reset` is absent when the deployment sends no email (no SMTP_URL). */
export type ResetContext = { db: Db; clock: Clock; reset?: PasswordResetDeps | null | undefined };

const resetNotConfigured = () =>
  new AppError(
    501,
    "not_configured",
    "Password reset by email is not set up on this server. Ask whoever runs it to reset your password.",
  );
const RESET_LINK_INVALID =
  "This reset link has expired or was already used. Ask for a new one from the sign-in page.";

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
 * Emails a single-use link valid 30 minutes when an account has this email; otherwise does nothing.
 * The caller answers the same either way, and the email is sent after answering.
 */
export async function requestPasswordReset({ db, clock, reset }: ResetContext, email: string): Promise<void> {
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
}

/** Sets the new password with a live, unused link, and signs out every session of the student. */
export async function confirmPasswordReset(
  { db, clock, reset }: ResetContext,
  input: PasswordResetConfirmInput,
): Promise<void> {
  if (!reset) throw resetNotConfigured();
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const used = await authRepo.useResetToken(tx, sha256(input.token), clock.now());
    if (!used) throw badRequest(RESET_LINK_INVALID);
    await authRepo.updateUser(tx, used.userId, { passwordHash });
    await authRepo.deleteAllSessions(tx, used.userId);
    await authRepo.deleteOtherResetTokens(tx, used.userId, used.id);
  });
}
