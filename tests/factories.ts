import type { FastifyInstance } from "fastify";
import type { AuthResponse, RegisterInput } from "#shared/auth/contract.ts";
import type { Course } from "#shared/courses/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";

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

type Session = { headers: Record<string, string> };

/** Creates a task for the student through the API (defaults: a manual, undated, medium task). */
export async function createTask(app: FastifyInstance, owner: Session, body: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: "POST",
    url: "/api/tasks",
    headers: owner.headers,
    payload: { title: `Task ${++seq}`, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`createTask failed: ${res.statusCode} ${res.body}`);
  return res.json() as Task;
}

/** Creates a local course for the student through the API. */
export async function createCourse(app: FastifyInstance, owner: Session, body: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: "POST",
    url: "/api/courses",
    headers: owner.headers,
    payload: { name: `Course ${++seq}`, code: `C ${seq}`, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`createCourse failed: ${res.statusCode} ${res.body}`);
  return res.json() as Course;
}

let taskSeq = 0;

/** A Task as the API answers it, for unit tests of the shared rules and components (no database). */
export function buildTask(over: Partial<Task> = {}): Task {
  taskSeq += 1;
  return {
    id: taskSeq,
    userId: 1,
    courseId: null,
    title: `Task ${taskSeq}`,
    description: "",
    notes: "",
    dueDate: null,
    priority: "medium",
    completed: false,
    isParsed: false,
    canvasId: null,
    htmlUrl: null,
    rrule: null,
    recurrenceTimeZone: null,
    seriesStart: null,
    seriesId: null,
    subtasks: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...over,
  };
}
