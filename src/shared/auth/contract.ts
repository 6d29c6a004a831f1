import { z } from "zod";
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from "../constants.ts";
import { endpoint, idParamsSchema, okSchema } from "../http.ts";
import { filledText, safeText } from "../schema-primitives.ts";

/** SPEC §5 username rules, in the order their messages are reported. */
export const usernameSchema = filledText("Username cannot be empty.")
  .regex(/^[A-Za-z0-9_]*$/, "Username can only contain letters, numbers, and underscores.")
  .refine((u) => u.length >= USERNAME_MIN_LENGTH && u.length <= USERNAME_MAX_LENGTH, {
    message: `Username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters long.`,
  });

export const emailSchema = safeText("Email is required").trim().toLowerCase().pipe(z.email("Invalid email"));

/** The sign-up form (SPEC §2.13): it collects a username, checked by the §5 rules. */
export const signUpSchema = z.object({
  email: emailSchema,
  password: safeText("Password is required")
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, "Password is too long"),
  firstName: filledText("First name is required").max(100),
  lastName: filledText("Last name is required").max(100),
  username: usernameSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * SPEC §7 POST /api/auth/register: email, password, firstName and lastName; the SPEC's client collects a
 * username at sign-up but does not send it, so without one the server makes one from the name.
 */
export const registerSchema = signUpSchema.extend({ username: usernameSchema.optional() });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: filledText("Email is required").toLowerCase().max(320, "Invalid email"),
  password: filledText("Password is required", { trim: false }).max(200, "Invalid email or password."),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const userSchema = z.object({
  id: z.int(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string().nullable(),
  isOnboarded: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const updateUserSchema = z.object({ username: usernameSchema });

/** A new password: the same rule as at sign-up. */
export const newPasswordSchema = safeText("Enter a new password")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, "Password is too long");

export const changePasswordSchema = z
  .object({
    currentPassword: filledText("Enter your current password", { trim: false }).max(
      200,
      "Password is too long",
    ),
    newPassword: newPasswordSchema,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: "The new password must differ from the current one",
    path: ["newPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({
  password: filledText("Enter your password to confirm", { trim: false }).max(200, "Password is too long"),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** A signed-in device: one session, with the browser it signed in from. */
export const deviceSessionSchema = z.object({
  id: z.int(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** Password reset by email (issue 27): only on a server with SMTP_URL; the email a student signs in with. */
export const passwordResetRequestSchema = z.object({
  email: filledText("Enter the email you sign in with")
    .toLowerCase()
    .max(320, "Enter a valid email")
    .pipe(z.email("Enter a valid email")),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** The token is the one in the emailed link (its #token= part); the new password follows sign-up's rule. */
export const passwordResetConfirmSchema = z.object({
  token: filledText("The reset link is incomplete").max(200, "The reset link is not valid"),
  newPassword: newPasswordSchema,
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** The reset page's form: the new password twice. */
export const passwordResetFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: safeText().max(200, "Password is too long") })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "The passwords do not match",
    path: ["confirmPassword"],
  });
export type PasswordResetFormInput = z.infer<typeof passwordResetFormSchema>;

export const passwordResetAvailabilitySchema = z.object({ available: z.boolean() });

/** What "Download my data" names its file, and the format version inside (docs/account-data.md). */
export const ACCOUNT_EXPORT_FORMAT = { name: "studyhall-account-export", version: 1 } as const;
export const onboardingSchema = z.object({ isOnboarded: z.literal(true, "isOnboarded must be true") });

export const authEndpoints = {
  register: endpoint({
    method: "POST",
    path: "/api/auth/register",
    body: registerSchema,
    response: authResponseSchema,
    status: 201,
    public: true,
  }),
  login: endpoint({
    method: "POST",
    path: "/api/auth/login",
    body: loginSchema,
    response: authResponseSchema,
    public: true,
  }),
  me: endpoint({ method: "GET", path: "/api/auth/user", response: userSchema }),
  updateMe: endpoint({ method: "PUT", path: "/api/auth/user", body: updateUserSchema, response: userSchema }),
  /** Finishes onboarding without Canvas ('Skip for Now'). */
  completeOnboarding: endpoint({
    method: "POST",
    path: "/api/auth/onboarding",
    body: onboardingSchema,
    response: userSchema,
  }),
  logout: endpoint({ method: "POST", path: "/api/auth/logout", response: okSchema }),
  /** Needs the current password; every other session of the account is signed out. */
  changePassword: endpoint({
    method: "POST",
    path: "/api/auth/password",
    body: changePasswordSchema,
    response: okSchema,
  }),
  /** Signed-in devices, the current one first, then by last use. */
  sessions: endpoint({ method: "GET", path: "/api/auth/sessions", response: z.array(deviceSessionSchema) }),
  /** Signs one device out (the current one too: that is signing out). */
  revokeSession: endpoint({
    method: "DELETE",
    path: "/api/auth/sessions/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
  /** Signs out every device but this one. */
  revokeOtherSessions: endpoint({ method: "DELETE", path: "/api/auth/sessions", response: okSchema }),
  /** Whether this server can send reset links (SMTP_URL set): the sign-in page shows 'Forgot password?'. */
  passwordResetAvailability: endpoint({
    method: "GET",
    path: "/api/auth/password-reset",
    response: passwordResetAvailabilitySchema,
    public: true,
  }),
  /** Emails a reset link if the account exists; the same 202 either way. 501 without SMTP_URL. */
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/api/auth/password-reset",
    body: passwordResetRequestSchema,
    response: okSchema,
    status: 202,
    public: true,
  }),
  /** Sets the new password with the link's token (once, within 30 minutes); signs out every session. */
  confirmPasswordReset: endpoint({
    method: "POST",
    path: "/api/auth/password-reset/confirm",
    body: passwordResetConfirmSchema,
    response: okSchema,
    public: true,
  }),
  /** A ZIP of everything the student owns (docs/account-data.md); the answer is the file itself. */
  exportData: endpoint({ method: "GET", path: "/api/auth/export", response: z.instanceof(Uint8Array) }),
  /** Deletes the account and everything of it, in one transaction; needs the password. */
  deleteAccount: endpoint({
    method: "POST",
    path: "/api/auth/delete-account",
    body: deleteAccountSchema,
    response: okSchema,
  }),
};
