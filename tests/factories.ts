import type { FastifyInstance } from "fastify";
import { achievementEndpoints, type ShareSettings } from "#shared/achievements/contract.ts";
import type { AuthResponse, RegisterInput } from "#shared/auth/contract.ts";
import type { Course } from "#shared/courses/contract.ts";
import {
  type CreateFlashcardInput,
  type CreateFlashcardSetInput,
  type Flashcard,
  type FlashcardSet,
  flashcardEndpoints,
} from "#shared/flashcards/contract.ts";
import { friendEndpoints } from "#shared/friends/contract.ts";
import { type CreateGroupInput, groupEndpoints, type StudyGroup } from "#shared/friends/groups.ts";
import { type Material, materialEndpoints } from "#shared/materials/contract.ts";
import { type RateBody, reviewEndpoints } from "#shared/review/contract.ts";
import {
  type CreateDocumentInput,
  type CreateStudySetInput,
  type StudyDocument,
  type StudySet,
  studyEndpoints,
} from "#shared/study/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { apiClient } from "./api.ts";

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
  const course = res.json() as Course;
  if ("user" in owner) owners.set(course, owner as TestUser);
  return course;
}

// Factories that make their own parents: `createCard(app)` makes a student, a study set and a flashcard set
// for the card; `createCard(app, { set })` puts it in that set. Every row goes through its endpoint, so the
// row is what a student's request makes (events, achievements and all). A row a factory made remembers its
// owner (ownerOf), so a child can be made in it without naming the owner again.

const owners = new WeakMap<object, TestUser>();
const owned = <T extends object>(row: T, owner: TestUser) => {
  owners.set(row, owner);
  return row;
};

/** The student a factory made a row for (or as). */
export function ownerOf(row: object): TestUser {
  const owner = owners.get(row);
  if (!owner) throw new Error("ownerOf: this row was not made by a factory; pass its owner");
  return owner;
}

/** The owner to act as: the one given, the parent's, or a new student when there is no parent. */
async function actor(app: FastifyInstance, owner: TestUser | undefined, parent: object | undefined) {
  if (owner) return owner;
  return parent ? ownerOf(parent) : createUser(app);
}

/** A study set (the parent of documents, flashcard sets and group shares). */
export async function createStudySet(
  app: FastifyInstance,
  { owner, ...body }: { owner?: TestUser } & Partial<CreateStudySetInput> = {},
): Promise<StudySet> {
  const who = await actor(app, owner, undefined);
  const set = await apiClient(app)(who).call(studyEndpoints.createSet, {
    body: { title: `Study set ${++seq}`, ...body },
  });
  return owned(set, who);
}

/** A pasted document in a study set (a new set when none is given). */
export async function createDocument(
  app: FastifyInstance,
  { owner, set, ...body }: { owner?: TestUser; set?: StudySet } & Partial<CreateDocumentInput> = {},
): Promise<StudyDocument> {
  const who = await actor(app, owner, set);
  const parent = set ?? (await createStudySet(app, { owner: who }));
  const doc = await apiClient(app)(who).call(studyEndpoints.createDocument, {
    params: { id: parent.id },
    body: { content: "Mitochondria make ATP.", ...body },
  });
  return owned(doc, who);
}

/**
 * A flashcard set in a study set (a new study set when none is given), holding `cards` cards imported as
 * `Q0`/`A0`, `Q1`/`A1`... (none unless told; `cardCount` is as the set was created).
 */
export async function createFlashcardSet(
  app: FastifyInstance,
  {
    owner,
    studySet,
    cards = 0,
    ...body
  }: { owner?: TestUser; studySet?: StudySet; cards?: number } & Partial<CreateFlashcardSetInput> = {},
): Promise<FlashcardSet> {
  const who = await actor(app, owner, studySet);
  const parent = studySet ?? (await createStudySet(app, { owner: who }));
  const api = apiClient(app)(who);
  const set = await api.call(flashcardEndpoints.createSet, {
    params: { id: parent.id },
    body: { title: `Flashcards ${++seq}`, ...body },
  });
  if (cards > 0) {
    await api.call(flashcardEndpoints.importCommit, {
      params: { id: set.id },
      body: {
        text: Array.from({ length: cards }, (_, i) => `Q${i}\tA${i}`).join("\n"),
        options: { format: "text", termSeparator: "tab", rowSeparator: "newline" },
      },
    });
  }
  return owned(set, who);
}

/** A card in a flashcard set (a new flashcard set, study set and student when none is given). */
export async function createCard(
  app: FastifyInstance,
  { owner, set, ...body }: { owner?: TestUser; set?: FlashcardSet } & Partial<CreateFlashcardInput> = {},
): Promise<Flashcard> {
  const who = await actor(app, owner, set);
  const parent = set ?? (await createFlashcardSet(app, { owner: who }));
  const n = ++seq;
  const card = await apiClient(app)(who).call(flashcardEndpoints.createCard, {
    params: { id: parent.id },
    body: { question: `Question ${n}`, answer: `Answer ${n}`, ...body },
  });
  return owned(card, who);
}

/** A review: the card (a new one when none is given) rated by its owner, Good unless told. */
export async function createReview(
  app: FastifyInstance,
  { owner, card, ...body }: { owner?: TestUser; card?: Flashcard } & Partial<RateBody> = {},
) {
  const who = await actor(app, owner, card);
  const rated = card ?? (await createCard(app, { owner: who }));
  return apiClient(app)(who).call(reviewEndpoints.rate, {
    params: { id: rated.id },
    body: { rating: 3, ...body },
  });
}

/** Two students who are friends (new ones where not given): `a` asks, `b` asks back, which accepts. */
export async function createFriendship(app: FastifyInstance, a?: TestUser, b?: TestUser) {
  const first = a ?? (await createUser(app));
  const second = b ?? (await createUser(app));
  const api = apiClient(app);
  await api(first).call(friendEndpoints.request, { body: { username: second.user.username } });
  const answer = await api(second).call(friendEndpoints.request, { body: { username: first.user.username } });
  if (answer.status !== "accepted") throw new Error(`createFriendship: ${answer.status}`);
  return [first, second] as const;
}

/**
 * A study group made by `owner` (a new student when not given), with `members` added: each is made the
 * owner's friend first when `befriend` is on (the default), as adding a member asks.
 */
export async function createGroup(
  app: FastifyInstance,
  {
    owner,
    members = [],
    befriend = true,
    ...body
  }: { owner?: TestUser; members?: TestUser[]; befriend?: boolean } & Partial<CreateGroupInput> = {},
): Promise<StudyGroup> {
  const who = await actor(app, owner, undefined);
  const api = apiClient(app)(who);
  const group = await api.call(groupEndpoints.create, { body: { name: `Group ${++seq}`, ...body } });
  for (const member of members) {
    if (befriend) await createFriendship(app, who, member);
    await api.call(groupEndpoints.invite, {
      params: { id: group.id },
      body: { username: member.user.username },
    });
  }
  return owned(group, who);
}

/** A study set shared with a group, both the owner's (new ones where not given). */
export async function createSharedSet(
  app: FastifyInstance,
  { owner, group, studySet }: { owner?: TestUser; group?: StudyGroup; studySet?: StudySet } = {},
) {
  const who = await actor(app, owner, group ?? studySet);
  const inGroup = group ?? (await createGroup(app, { owner: who }));
  const set = studySet ?? (await createStudySet(app, { owner: who }));
  const shared = await apiClient(app)(who).call(groupEndpoints.shareSet, {
    params: { id: inGroup.id },
    body: { studySetId: set.id },
  });
  return { ...shared, group: inGroup, studySet: set };
}

/** A course material from pasted text (no course unless given), owned by `owner` or a new student. */
export async function createMaterial(
  app: FastifyInstance,
  {
    owner,
    course,
    ...body
  }: { owner?: TestUser; course?: Course } & Partial<{
    fileName: string;
    content: string;
    type: Material["type"];
  }> = {},
): Promise<Material> {
  const who = await actor(app, owner, course);
  const material = await apiClient(app)(who).call(materialEndpoints.create, {
    body: {
      fileName: `notes-${++seq}.txt`,
      content: "Photosynthesis turns light into sugar.",
      courseId: course?.id ?? null,
      ...body,
    },
  });
  return owned(material, who);
}

const everything: ShareSettings = { achievements: true, studyTime: true, streak: true, level: true };

/** A progress share link (everything shown unless told), owned by `owner` or a new student. */
export async function createShareLink(
  app: FastifyInstance,
  {
    owner,
    shareSettings = everything,
    expiresAt,
  }: { owner?: TestUser; shareSettings?: ShareSettings; expiresAt?: string } = {},
) {
  const who = await actor(app, owner, undefined);
  const link = await apiClient(app)(who).call(achievementEndpoints.createShareLink, {
    body: { shareSettings, ...(expiresAt ? { expiresAt } : {}) },
  });
  return owned(link, who);
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
