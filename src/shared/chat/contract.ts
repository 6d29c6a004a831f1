import { z } from "zod";
import { claimedUserId, claimedUserIdParam, endpoint, okSchema } from "../http.ts";
import { dbId, dbIdParam, requiredText } from "../schema-primitives.ts";
import { isTimeZone } from "../time-zone.ts";
import { providerSchema } from "./provider.ts";

export const CHAT_CONTENT_MAX = 4000;
export const CHAT_NOT_FOUND = "I couldn't find this in your materials.";
export const CHAT_GREETING =
  "Hi there! I can help you understand your Canvas assignments or summarize your readings. What would you like help with today?";
/** Chat messages one student may send per minute, so one account cannot burn a paid key. */
export const CHAT_RATE_LIMIT = 20;

export { type Provider, providerSchema } from "./provider.ts";

export const citationSchema = z.object({
  n: z.int(),
  kind: z.enum(["document", "task"]),
  id: z.int(),
  title: z.string(),
  /** Documents: which store the id belongs to (course material or study-set document). */
  source: z.enum(["material", "study"]).optional(),
  page: z.int().optional(),
  quote: z.string().optional(),
  /** Character offsets of the quote in the document's whole text, for the viewer's highlight. */
  start: z.int().optional(),
  end: z.int().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

export const chatMessageSchema = z.object({
  id: z.int(),
  isUser: z.boolean(),
  content: z.string(),
  courseId: z.int().nullable(),
  createdAt: z.string(),
  citations: z.array(citationSchema).optional(),
  provider: providerSchema.optional(),
  /** Set when the configured model failed and the built-in engine answered instead. */
  note: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const timeZoneField = z
  .string()
  .max(64)
  .refine(isTimeZone, "timeZone must be an IANA time zone like Europe/Paris")
  .optional();

/**
 * What a question is about when it is asked beside a document (issue 24): that study set's documents, or
 * one document of it. Absent: everything the student has. Another student's set or document is a 404.
 */
export const chatScopeSchema = z
  .object({
    studySetId: dbId("Study set must be a study set id"),
    studyDocumentId: dbId("Document must be a document id").optional(),
  })
  .strict();
export type ChatScope = z.infer<typeof chatScopeSchema>;

/**
 * Which conversation a message belongs to, is read or is cleared: the study set's own beside its documents
 * (issue 24), the general one when absent. A set the student cannot read is a 404.
 */
const conversationSetId = dbId("Study set must be a study set id").optional();

export const sendChatSchema = z.object({
  userId: claimedUserId,
  isUser: z.literal(true).default(true),
  content: requiredText("Message is required").max(
    CHAT_CONTENT_MAX,
    `A message can be at most ${CHAT_CONTENT_MAX} characters`,
  ),
  courseId: dbId("Course must be a course id").nullish(),
  timeZone: timeZoneField,
  scope: chatScopeSchema.optional(),
  studySetId: conversationSetId,
});
export type SendChatInput = z.input<typeof sendChatSchema>;

export const chatHistoryQuerySchema = z.object({
  userId: claimedUserIdParam,
  courseId: dbIdParam("Course must be a course id").optional(),
  studySetId: dbIdParam("Study set must be a study set id").optional(),
});

export const chatReplySchema = z.object({ userMessage: chatMessageSchema, aiMessage: chatMessageSchema });

export const providerInfoSchema = z.object({
  provider: providerSchema,
  label: z.string(),
  model: z.string().nullable(),
  /** The models Settings > AI offers: OpenAI's, or those of the configured server. */
  models: z.array(z.string()),
});

export const chatEndpoints = {
  send: endpoint({ method: "POST", path: "/api/chat", body: sendChatSchema, response: chatReplySchema }),
  /** Server-sent events: `delta` pieces of the answer, then `done` with both messages. */
  stream: endpoint({
    method: "POST",
    path: "/api/chat/stream",
    body: sendChatSchema,
    response: z.unknown(),
    stream: chatReplySchema,
  }),
  history: endpoint({
    method: "GET",
    path: "/api/chat",
    query: chatHistoryQuerySchema,
    response: z.array(chatMessageSchema),
  }),
  clear: endpoint({ method: "DELETE", path: "/api/chat", query: chatHistoryQuerySchema, response: okSchema }),
  provider: endpoint({ method: "GET", path: "/api/chat/provider", response: providerInfoSchema }),
  testProvider: endpoint({
    method: "POST",
    path: "/api/chat/provider/test",
    response: z.object({ ok: z.boolean(), provider: providerSchema, message: z.string() }),
  }),
};
