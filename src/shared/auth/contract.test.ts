import { describe, expect, it } from "vitest";
import { registerSchema, usernameSchema } from "./contract.ts";

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
