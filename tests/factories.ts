import type { FastifyInstance } from "fastify";
import type { AuthResponse, RegisterInput } from "#shared/auth.ts";

let seq = 0;

/** Registers a student through the real endpoint and returns their session. */
export async function createUser(app: FastifyInstance, overrides: Partial<RegisterInput> = {}) {
  seq += 1;
  const tag = `${process.pid}${seq}${Math.floor(Math.random() * 1e4)}`;
  const input: RegisterInput = {
    email: `student${tag}@school.edu`,
    password: "correct horse",
    firstName: "Ada",
    lastName: "Lovelace",
    username: `student_${tag}`.slice(0, 20),
    ...overrides,
  };
  const res = await app.inject({ method: "POST", url: "/api/auth/register", payload: input });
  if (res.statusCode !== 201) throw new Error(`createUser failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as AuthResponse;
  return { ...body, input, headers: { authorization: `Bearer ${body.token}` } };
}
export type TestUser = Awaited<ReturnType<typeof createUser>>;
