import { describe, expect, it } from "vitest";
import {
  passwordResetConfirmSchema,
  passwordResetFormSchema,
  passwordResetRequestSchema,
  registerSchema,
  usernameSchema,
} from "./contract.ts";

const firstError = (value: unknown) => {
  const r = usernameSchema.safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

describe("usernameSchema (SPEC §5)", () => {
  it("trims before checking", () => {
    expect(usernameSchema.parse("  ada_99 ")).toBe("ada_99");
  });
  it.each([
    ["", "Username cannot be empty."],
    ["   ", "Username cannot be empty."],
    ["has space", "Username can only contain letters, numbers, and underscores."],
    ["émile", "Username can only contain letters, numbers, and underscores."],
    ["ab", "Username must be 3-20 characters long."],
    ["a".repeat(21), "Username must be 3-20 characters long."],
  ])("rejects %j with the spec's message", (value, message) => {
    expect(firstError(value)).toBe(message);
  });
  it.each(["abc", "a".repeat(20), "Under_Score_1"])("accepts %j", (value) => {
    expect(firstError(value)).toBeNull();
  });
});

describe("registerSchema", () => {
  const valid = { email: "A@B.edu", password: "123456", firstName: "A", lastName: "B", username: "abc" };
  it("lower-cases the email and accepts a 6-character password", () => {
    expect(registerSchema.parse(valid).email).toBe("a@b.edu");
  });
  it("rejects a 5-character password and a malformed email", () => {
    expect(registerSchema.safeParse({ ...valid, password: "12345" }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, email: "nope" }).success).toBe(false);
  });
});

describe("password reset schemas", () => {
  it("takes the sign-in email, trimmed and lower-cased, and refuses anything else with a message", () => {
    expect(passwordResetRequestSchema.parse({ email: "  Ada@School.EDU " })).toEqual({
      email: "ada@school.edu",
    });
    for (const email of ["", "   ", "not an email", `${"a".repeat(320)}@x.edu`, "a\u0000@x.edu"]) {
      const r = passwordResetRequestSchema.safeParse({ email });
      expect(r.success, email).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/Enter (the|a valid) email|NUL|not allowed/i);
    }
  });
  it("holds a new password to the sign-up rule and needs the link's token", () => {
    expect(passwordResetConfirmSchema.safeParse({ token: "abc", newPassword: "secret1" }).success).toBe(true);
    const short = passwordResetConfirmSchema.safeParse({ token: "abc", newPassword: "12345" });
    expect(short.error?.issues[0]?.message).toBe("Password must be at least 6 characters");
    expect(registerSchema.shape.password.safeParse("12345").error?.issues[0]?.message).toBe(
      short.error?.issues[0]?.message,
    );
    expect(passwordResetConfirmSchema.safeParse({ token: " ", newPassword: "secret1" }).success).toBe(false);
    expect(
      passwordResetConfirmSchema.safeParse({ token: "t".repeat(201), newPassword: "secret1" }).success,
    ).toBe(false);
  });
  it("asks for the new password twice and says when they differ", () => {
    expect(
      passwordResetFormSchema.safeParse({ newPassword: "secret1", confirmPassword: "secret1" }).success,
    ).toBe(true);
    const differ = passwordResetFormSchema.safeParse({ newPassword: "secret1", confirmPassword: "secret2" });
    expect(differ.error?.issues[0]).toMatchObject({
      message: "The passwords do not match",
      path: ["confirmPassword"],
    });
  });
});
