import { abbreviationAsked } from "#server/integrations/ai/builtin/acronym.ts";
import { builtinProvider } from "#server/integrations/ai/builtin/answer.ts";
import { MIN_COVERAGE, type QuestionTerm, questionTerms } from "#server/integrations/ai/builtin/query.ts";
import { answerKind, isDefinitionQuestion } from "#server/integrations/ai/builtin/relevance.ts";
import {
  describeTaskFilter,
  mayBeTaskQuestion,
  parseTaskQuestion,
} from "#server/integrations/ai/builtin/task-questions.ts";
import { chosenModel, offeredModels } from "#server/integrations/ai/models.ts";
import { createOpenAiProvider, type OpenAiProvider } from "#server/integrations/ai/openai.ts";
import type { AnswerProvider, AnswerRequest, AnswerSource } from "#server/integrations/ai/provider.ts";
import {
  MODEL_FAILED_NOTE,
  PROVIDER_FAILS,
  PROVIDER_WORKS,
  providerFailureDetail,
} from "#server/integrations/ai/provider-errors.ts";
import type { SendChatInput } from "#shared/chat/contract.ts";
import type { Course } from "#shared/courses/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import type { AppConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import type { CoursesService } from "../courses/courses.service.ts";
import type { ServiceLog } from "../notifications/notifications.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { StudyService } from "../study/study.service.ts";
import type { TasksService } from "../tasks/tasks.service.ts";
import { type Conversation, chatRepo } from "./chat.repo.ts";
import { dueText } from "./due-text.ts";
import type { RetrievalService } from "./retrieval.service.ts";
import { applyTaskFilter } from "./task-filter.ts";

const HISTORY_TURNS = 6;
const RETRIEVED_CHUNKS = 8;

function taskLine(task: Task, courses: readonly Course[], timeZone: string): string {
  const course = courses.find((c) => c.id === task.courseId);
  const due = task.dueDate ? `due ${dueText(task.dueDate, timeZone)}` : "no due date";
  const status = task.completed ? ", completed" : "";
  return `${task.title} (${due}${course ? `, ${course.code || course.name}` : ""}${status})`;
}

export type SendInput = Omit<SendChatInput, "isUser" | "content"> & { content: string };

interface ChatDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  courses: CoursesService;
  tasks: TasksService;
  retrieval: RetrievalService;
  settings: SettingsService;
  /** Checks that a scope's study set and document are the student's own. */
  study: Pick<StudyService, "assertOwnSet" | "getOwnDocument">;
  /** Where a provider's failure is reported (redacted); the student sees only a fixed note. */
  log?: ServiceLog;
}

/** What every operation below works with: the deps and the configured model, if any. */
interface Ctx extends ChatDeps {
  openai: OpenAiProvider | null;
}

const reportProviderFailure = ({ log, config }: Ctx, err: unknown, what: string) =>
  log?.warn({ provider: providerFailureDetail(err, [config.openai.apiKey]) }, what);

const modelFor = async ({ config, settings }: Ctx, userId: number): Promise<string> =>
  chosenModel(config.openai, (await settings.get(userId)).aiModel);

/** Where the question is asked: a course, a study set, one of its documents, or everything. */
const searchScope = (input: SendInput) => ({
  courseId: input.courseId,
  studySetId: input.scope?.studySetId,
  studyDocumentId: input.scope?.studyDocumentId,
});

/** The student's chunks that best answer the question, as numbered sources. */
async function documentSources(
  { retrieval }: Ctx,
  userId: number,
  question: string,
  terms: readonly QuestionTerm[],
  input: SendInput,
): Promise<AnswerSource[]> {
  const chunks = await retrieval.search(userId, terms, {
    ...searchScope(input),
    definition: isDefinitionQuestion(question),
    kind: answerKind(question),
    abbreviation: abbreviationAsked(question),
    limit: RETRIEVED_CHUNKS,
  });
  return chunks.map((c, i) => ({
    n: i + 1,
    kind: "document",
    id: c.documentId,
    title: c.title,
    source: c.source,
    page: c.page,
    text: c.text,
    start: c.charStart,
    coverage: c.coverage,
  }));
}

/**
 * A question about the student's tasks, answered exactly from the tasks table (and the material too when
 * it asks for both). Null when the question is not one.
 */
async function taskContext(ctx: Ctx, userId: number, input: SendInput, question: string, timeZone: string) {
  const now = ctx.clock.now();
  // Most questions are about the material: their courses are not loaded.
  const owned = mayBeTaskQuestion(question, { now, timeZone }) ? await ctx.courses.list(userId) : null;
  const filter = owned && parseTaskQuestion(question, { now, timeZone, courses: owned });
  if (!owned || !filter) return null;
  if (!filter.courseIds && input.courseId) filter.courseIds = [input.courseId];
  const narrowed = await ctx.tasks.matching(userId, {
    completed: filter.completed,
    dueFrom: filter.range?.from,
    dueBefore: filter.overdue ? now : filter.range?.to,
    courseIds: filter.courseIds,
  });
  const rows = applyTaskFilter(narrowed, filter, now);
  // 'What should I do before my presentation begins?' reads as a task question, but with no task to
  // show and nothing about tasks named (no course, no kind of work), material that answers it is the
  // answer rather than 'no tasks match'.
  if (rows.length === 0 && !filter.courseIds && !filter.keywords && !filter.withMaterial) {
    const terms = questionTerms(question);
    const documents = terms.length ? await documentSources(ctx, userId, question, terms, input) : [];
    if ((documents[0]?.coverage ?? 0) >= MIN_COVERAGE)
      return { question, terms, mode: "material" as const, sources: documents };
  }
  const taskSources = (first: number): AnswerSource[] =>
    rows.map((t, i) => ({
      n: first + i,
      kind: "task",
      id: t.id,
      title: t.title,
      text: taskLine(t, owned, timeZone),
    }));
  const searched = describeTaskFilter(filter, owned, timeZone);
  if (!filter.withMaterial)
    return { question, terms: [], mode: "tasks" as const, sources: taskSources(1), searched };
  const terms = questionTerms(question);
  const documents = await documentSources(ctx, userId, question, terms, input);
  if (documents.length === 0)
    return { question, terms, mode: "tasks" as const, sources: taskSources(1), searched };
  return {
    question,
    terms,
    mode: "material" as const,
    sources: [...documents, ...taskSources(documents.length + 1)],
  };
}

/** The question with the sources its answer is written from: tasks, material, or none. */
async function context(ctx: Ctx, userId: number, input: SendInput, timeZone: string) {
  const question = input.content.trim();
  const tasksAsked = await taskContext(ctx, userId, input, question, timeZone);
  if (tasksAsked) return tasksAsked;
  // The terms retrieval searches with go on to the engine with the question (AnswerRequest.terms).
  const terms = questionTerms(question);
  const sources = await documentSources(ctx, userId, question, terms, input);
  if (sources.length) return { question, terms, mode: "material" as const, sources };
  // 'Upload your materials' is wrong to say to a student whose documents only lack these words.
  const hasMaterial = (await ctx.retrieval.countInScope(userId, searchScope(input))) > 0;
  return { question, terms, mode: "none" as const, sources, hasMaterial };
}

/** What the history and clear of a conversation, and a message to it, query about. */
type ConversationQuery = { courseId?: number | null; studySetId?: number };

/** The course picked and the set whose conversation it is must be the student's own (404 otherwise). */
async function assertOwnConversation({ courses, study }: Ctx, userId: number, of: ConversationQuery) {
  await courses.assertOwn(userId, of.courseId);
  if (of.studySetId) await study.assertOwnSet(userId, of.studySetId);
}

const conversationOf = (of: ConversationQuery): Conversation => ({
  courseId: of.courseId ?? null,
  studySetId: of.studySetId ?? null,
});

/**
 * The checks a message passes before it is answered (a stream's status line can no longer change
 * after). The per-student message limit is the route's (chat.routes.ts).
 */
async function admit(ctx: Ctx, userId: number, input: SendInput): Promise<void> {
  await assertOwnConversation(ctx, userId, input);
  const scope = input.scope;
  if (!scope) return;
  await ctx.study.assertOwnSet(userId, scope.studySetId);
  if (scope.studyDocumentId) {
    const doc = await ctx.study.getOwnDocument(userId, scope.studyDocumentId);
    if (doc.studySetId !== scope.studySetId) throw notFound("Document");
  }
}

/**
 * Answers a message (streaming pieces to `onDelta` when given) and stores both turns. The model answers
 * when there is one; the built-in engine when there is none or the model fails.
 */
async function send(
  ctx: Ctx,
  userId: number,
  input: SendInput,
  onDelta?: (text: string) => void,
  options: { admitted?: boolean; signal?: AbortSignal } = {},
) {
  const { db, clock, openai } = ctx;
  if (!options.admitted) await admit(ctx, userId, input);
  const of = conversationOf(input);
  const timeZone = input.timeZone ?? "UTC";
  // Only a model reads earlier turns; the built-in engine answers each question on its own.
  const history = openai ? await chatRepo.recent(db, userId, of, HISTORY_TURNS) : [];
  const askedAt = clock.now();
  const asked = await context(ctx, userId, input, timeZone);
  const request: AnswerRequest = {
    ...asked,
    history: history.map((m) => ({ isUser: m.isUser, content: m.content })),
    timeZone,
    model: openai ? await modelFor(ctx, userId) : undefined,
  };
  let provider: AnswerProvider = openai ?? builtinProvider;
  let note: string | undefined;
  let answer: Awaited<ReturnType<AnswerProvider["answer"]>>;
  try {
    answer = await provider.answer(request, onDelta, options.signal);
  } catch (err) {
    if (provider === builtinProvider || options.signal?.aborted) throw err;
    // The provider's own words can quote the key: the log gets them redacted, the student a fixed note.
    reportProviderFailure(ctx, err, "AI model failed; answered with the built-in engine");
    note = MODEL_FAILED_NOTE;
    provider = builtinProvider;
    answer = await builtinProvider.answer(request, onDelta ? (text) => onDelta(`\n\n${text}`) : undefined);
  }
  // Both turns in one statement once the answer exists: a question whose answer failed is not kept
  // without one, and the round trip is saved.
  const [userMessage, aiMessage] = await chatRepo.insertTurn(db, userId, [
    { ...of, isUser: true, content: input.content.trim(), createdAt: askedAt },
    {
      ...of,
      isUser: false,
      content: answer.content,
      citations: answer.citations,
      provider: provider.id,
      createdAt: clock.now(),
    },
  ]);
  return { userMessage, aiMessage: note ? { ...aiMessage, note } : aiMessage };
}

async function history(ctx: Ctx, userId: number, of: ConversationQuery) {
  await assertOwnConversation(ctx, userId, of);
  return chatRepo.list(ctx.db, userId, conversationOf(of));
}

async function clear(ctx: Ctx, userId: number, of: ConversationQuery) {
  await assertOwnConversation(ctx, userId, of);
  await chatRepo.clear(ctx.db, userId, conversationOf(of));
}

async function providerInfo(ctx: Ctx, userId: number) {
  const models = offeredModels(ctx.config.openai);
  if (!ctx.openai) return { provider: "builtin" as const, label: "Built-in (offline)", model: null, models };
  return {
    provider: "openai" as const,
    label: "OpenAI-compatible",
    model: await modelFor(ctx, userId),
    models,
  };
}

async function testProvider(ctx: Ctx, userId: number) {
  if (!ctx.openai) {
    return { ok: true, provider: "builtin" as const, message: "The built-in engine works offline." };
  }
  const result = await ctx.openai.test(await modelFor(ctx, userId));
  if (!result.ok) reportProviderFailure(ctx, result.error, "AI model test failed");
  return {
    ok: result.ok,
    provider: "openai" as const,
    message: result.ok ? PROVIDER_WORKS : PROVIDER_FAILS,
  };
}

/**
 * The assistant: task questions are answered exactly from the tasks table, everything else from the
 * student's own chunks; the configured model writes the answer from those sources when there is one,
 * the built-in engine quotes them otherwise (and whenever the model fails). Each operation is a function
 * of its own above; this binds them to the app's deps.
 */
export function createChatService(deps: ChatDeps) {
  const ctx: Ctx = { ...deps, openai: createOpenAiProvider(deps.config.openai) };
  return {
    admit: (userId: number, input: SendInput) => admit(ctx, userId, input),
    send: (
      userId: number,
      input: SendInput,
      onDelta?: (text: string) => void,
      options?: { admitted?: boolean; signal?: AbortSignal },
    ) => send(ctx, userId, input, onDelta, options),
    history: (userId: number, of: ConversationQuery = {}) => history(ctx, userId, of),
    clear: (userId: number, of: ConversationQuery = {}) => clear(ctx, userId, of),
    providerInfo: (userId: number) => providerInfo(ctx, userId),
    testProvider: (userId: number) => testProvider(ctx, userId),
  };
}
export type ChatService = ReturnType<typeof createChatService>;
