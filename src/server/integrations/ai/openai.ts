import type OpenAI from "openai";
import { CHAT_NOT_FOUND, type Citation } from "#shared/chat/contract.ts";
import { bestSentences } from "./builtin/query.ts";
import type { Answer, AnswerProvider, AnswerRequest, AnswerSource } from "./provider.ts";

const DEFAULT_TIMEOUT_MS = 30_000;
/** Servers like Ollama and LM Studio need no key, but the SDK insists on one. */
const PLACEHOLDER_KEY = "not-needed";

export interface OpenAiSettings {
  apiKey?: string;
  baseUrl?: string;
  timeoutMs?: number;
  maxRetries?: number;
}

function systemPrompt(request: AnswerRequest): string {
  const rules = [
    "You are a study assistant for one student. Answer only from the numbered sources below, which come from the student's own course materials, study documents or task list.",
    "Cite every fact with the number of its source in square brackets, like [1] or [2][3]. Never cite a number that is not listed.",
    `If the sources do not answer the question, reply exactly: "${CHAT_NOT_FOUND}" and then name the closest source titles.`,
    `Dates are in the student's time zone (${request.timeZone}). Be concise.`,
  ];
  const sources = request.sources.map(
    (s) =>
      `[${s.n}] ${s.kind === "task" ? "Task" : "Document"}: ${s.title}${s.page ? ` (page ${s.page})` : ""}\n${s.text}`,
  );
  return `${rules.join("\n")}\n\nSources:\n${sources.length ? sources.join("\n\n") : "(none)"}`;
}

function citationFor(source: AnswerSource, question: string): Citation {
  if (source.kind === "task") return { n: source.n, kind: "task", id: source.id, title: source.title };
  const quoted = bestSentences(question, source.text, 2);
  const offset = source.start ?? 0;
  return {
    n: source.n,
    kind: "document",
    id: source.id,
    title: source.title,
    ...(source.source ? { source: source.source } : {}),
    ...(source.page ? { page: source.page } : {}),
    quote: quoted.map((q) => q.text).join(" ") || source.text.slice(0, 300),
    start: offset + (quoted[0]?.start ?? 0),
    end: offset + (quoted.at(-1)?.end ?? Math.min(300, source.text.length)),
  };
}

/**
 * Keeps the citations whose number names a supplied source (in order of first mention) and removes the
 * markers of any other number from the text: a model cannot cite what it was not given.
 */
export function resolveCitations(text: string, request: AnswerRequest): Answer {
  const byNumber = new Map(request.sources.map((s) => [s.n, s]));
  const cited: number[] = [];
  const content = text.replace(/\[(\d{1,3})\]/g, (marker, digits: string) => {
    const n = Number(digits);
    if (!byNumber.has(n)) return "";
    if (!cited.includes(n)) cited.push(n);
    return marker;
  });
  return {
    content: content.replace(/[ \t]+([.,;:])/g, "$1").trim(),
    citations: cited.map((n) => citationFor(byNumber.get(n)!, request.question)),
  };
}

/** One prompt, one reply: the summaries and drafts (integrations/ai/model-drafts.ts) are built on it. */
export interface CompletionRequest {
  model: string;
  system: string;
  user: string;
  /** Ask for a JSON object (servers that know response_format keep to it; the reply is validated anyway). */
  json?: boolean;
}
/** With `onDelta` the reply is streamed: each piece goes there as the model writes it. */
export type Complete = (
  request: CompletionRequest,
  signal?: AbortSignal,
  onDelta?: (text: string) => void,
) => Promise<string>;

export type OpenAiProvider = AnswerProvider & {
  test(model: string): Promise<{ ok: boolean; message: string }>;
  complete: Complete;
};

/** The OpenAI-compatible provider, or null when neither a key nor a base URL is configured. */
export function createOpenAiProvider(settings: OpenAiSettings): OpenAiProvider | null {
  if (!settings.apiKey && !settings.baseUrl) return null;
  // The SDK loads with the first call, not at every start (a chunk of its own in the build).
  let sdk: Promise<OpenAI> | undefined;
  const connect = () =>
    (sdk ??= import("openai").then(
      ({ default: OpenAI }) =>
        new OpenAI({
          apiKey: settings.apiKey || PLACEHOLDER_KEY,
          baseURL: settings.baseUrl,
          timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          maxRetries: settings.maxRetries ?? 2,
        }),
    ));
  return {
    id: "openai",
    async answer(request, onDelta, signal) {
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
        { role: "system", content: systemPrompt(request) },
        ...request.history.map((m) => ({
          role: m.isUser ? ("user" as const) : ("assistant" as const),
          content: m.content,
        })),
        { role: "user", content: request.question },
      ];
      const client = await connect();
      const stream = await client.chat.completions.create(
        { model: request.model ?? "gpt-4o", messages, stream: true },
        { signal },
      );
      let text = "";
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content ?? "";
        if (!delta) continue;
        text += delta;
        onDelta?.(delta);
      }
      if (!text.trim()) throw new Error("the model sent an empty answer");
      return resolveCitations(text, request);
    },
    async complete(request, signal, onDelta) {
      const client = await connect();
      const body = {
        model: request.model,
        messages: [
          { role: "system" as const, content: request.system },
          { role: "user" as const, content: request.user },
        ],
        ...(request.json ? { response_format: { type: "json_object" as const } } : {}),
      };
      let text = "";
      if (onDelta) {
        const stream = await client.chat.completions.create({ ...body, stream: true }, { signal });
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content ?? "";
          if (!delta) continue;
          text += delta;
          onDelta(delta);
        }
      } else {
        const reply = await client.chat.completions.create(body, { signal });
        text = reply.choices[0]?.message?.content ?? "";
      }
      if (!text.trim()) throw new Error("the model sent an empty answer");
      return text;
    },
    async test(model) {
      try {
        const client = await connect();
        await client.chat.completions.create(
          { model, messages: [{ role: "user", content: "Reply with OK." }], max_tokens: 5 },
          { maxRetries: 0 },
        );
        return { ok: true, message: `Connected: ${model} answered.` };
      } catch (err) {
        return {
          ok: false,
          message: `Connection failed: ${err instanceof Error ? err.message : String(err)}`,
        };
      }
    },
  };
}
