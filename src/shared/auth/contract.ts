import { z } from "zod";
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from "../constants.ts";
import { endpoint, okSchema } from "../http.ts";
import { safeText } from "../schema-primitives.ts";

/** SPEC §5 username rules, in the order their messages are reported. */
export const usernameSchema = safeText()
  .trim()
  .min(1, "Username cannot be empty.")
  .regex(/^[A-Za-z0-9_]*$/, "Username can only contain letters, numbers, and underscores.")
  .refine((u) => u.length >= USERNAME_MIN_LENGTH && u.length <= USERNAME_MAX_LENGTH, {
    message: `Username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters long.`,
  });

export const emailSchema = safeText().trim().toLowerCase().pipe(z.email("Invalid email"));

export const registerSchema = z.object({
  email: emailSchema,
  password: safeText()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, "Password is too long"),
  firstName: safeText().trim().min(1, "First name is required").max(100),
  lastName: safeText().trim().min(1, "Last name is required").max(100),
  username: usernameSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: safeText().trim().toLowerCase().min(1, "Email is required").max(320, "Invalid email"),
  password: safeText().min(1, "Password is required").max(200, "Invalid email or password."),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const userSchema = z.object({
  id: z.number().int(),
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
export const onboardingSchema = z.object({ isOnboarded: z.literal(true) });

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
};
