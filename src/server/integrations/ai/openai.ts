import type OpenAI from "openai";
import { CHAT_NOT_FOUND, type Citation } from "#shared/chat/contract.ts";
import { bestSentences, joinQuoted } from "./builtin/query.ts";
import { contentTerms } from "./builtin/text.ts";
import type { Answer, AnswerProvider, AnswerRequest, AnswerSource } from "./provider.ts";
import { stripThinking, thinkingFilter } from "./thinking.ts";

/**
 * Deadlines (issue 27, fault 4). An answer the student waits for without seeing it arrive (the JSON
 * endpoints) must be over, built-in fallback included, before the connection's 30 s idle limit
 * (http-server.ts): the model gets ANSWER_DEADLINE_MS in all, retries included. A streamed answer sends
 * bytes as it goes, so it may take longer in all, but never more than STREAM_IDLE_MS between two pieces
 * (or before the first).
 */
export const ANSWER_DEADLINE_MS = 15_000;
export const STREAM_DEADLINE_MS = 120_000;
export const STREAM_IDLE_MS = 15_000;
/**
 * The longest chat answer kept: a model that loops or rambles is stopped here (the request is
 * cancelled) rather than streaming until the deadline throws the whole answer away.
 */
export const ANSWER_MAX_CHARS = 12_000;
/** Servers like Ollama and LM Studio need no key, but the SDK insists on one. */
const PLACEHOLDER_KEY = "not-needed";

export interface OpenAiSettings {
  apiKey?: string;
  baseUrl?: string;
  /** One answer's overall deadline (default ANSWER_DEADLINE_MS); tests shorten it. */
  timeoutMs?: number;
  maxRetries?: number;
  /** Longest gap in a streamed answer (default STREAM_IDLE_MS); tests shorten it. */
  idleMs?: number;
  /** A streamed answer's overall deadline (default STREAM_DEADLINE_MS). */
  streamTimeoutMs?: number;
}

/** Raised when a deadline of this module ends a call: the log says which. */
export class ProviderTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderTimeoutError";
  }
}

/**
 * An AbortSignal that fires when `outer` does, after `overallMs`, or after `idleMs` without `touch()`;
 * `check()` rethrows the deadline that fired as a ProviderTimeoutError (the SDK only says "aborted").
 */
function deadlines(outer: AbortSignal | undefined, overallMs: number, idleMs?: number) {
  const controller = new AbortController();
  let fired: ProviderTimeoutError | null = null;
  const fire = (why: string) => {
    fired ??= new ProviderTimeoutError(why);
    controller.abort(fired);
  };
  const overall = setTimeout(() => fire(`no complete answer within ${overallMs} ms`), overallMs);
  let idle: NodeJS.Timeout | undefined;
  const touch = () => {
    if (idleMs === undefined) return;
    clearTimeout(idle);
    idle = setTimeout(() => fire(`the answer stalled for ${idleMs} ms`), idleMs);
  };
  const onOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener("abort", onOuter, { once: true });
  touch();
  return {
    signal: controller.signal,
    touch,
    /** Stops the timers; turns an abort caused by a deadline into its ProviderTimeoutError. */
    end(err?: unknown): never | undefined {
      clearTimeout(overall);
      clearTimeout(idle);
      outer?.removeEventListener("abort", onOuter);
      if (err === undefined) return undefined;
      throw fired ?? err;
    },
  };
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
    quote: joinQuoted(source.text, quoted) || source.text.slice(0, 300),
    start: offset + (quoted[0]?.start ?? 0),
    end: offset + (quoted.at(-1)?.end ?? Math.min(300, source.text.length)),
  };
}

/** What an answer says when citations were taken out of it (the student sees why a marker is gone). */
export const droppedCitationsNote = (count: number) =>
  count === 1
    ? "(I removed one citation that did not match the passages found in your materials.)"
    : `(I removed ${count} citations that did not match the passages found in your materials.)`;

/**
 * Whether the words before a marker (back to the previous sentence's end) can come from the cited
 * passage: a claim of two or more content words sharing none with it was not written from it.
 */
function supported(claim: string, source: AnswerSource, passageTerms: Map<number, Set<string>>): boolean {
  const terms = contentTerms(claim.replace(/\[\d{1,3}\]/g, " "));
  if (terms.length < 2) return true;
  const passage = passageTerms.get(source.n) ?? new Set(contentTerms(`${source.title} ${source.text}`));
  passageTerms.set(source.n, passage);
  return terms.some((t) => passage.has(t));
}

/** Why a model's answer ended before it was complete, said under it (else the student reads half a sentence). */
export const CUT_NOTES = {
  length: "(The answer was cut off here: it reached the model's length limit.)",
  content_filter: "(The AI provider's content filter stopped this answer here.)",
} as const;
type Cut = keyof typeof CUT_NOTES;

/**
 * A citation as models write it besides the asked-for [n]: [1, 2], [1-3], [^1] (footnote style),
 * 【1】 and 【4:0†source】 (OpenAI's own style, copied by many open models), [Source 1].
 */
const MARKER =
  /(?:\[\^?|【)\s*(?:(?:sources?|passages?|documents?|docs?|refs?)\s*)?(\d{1,3}(?:\s*(?:[,;–-]|and|&)\s*\d{1,3})*)\s*(?:[:†][^\]】\n]{0,40})?[\]】]/gi;
const MAX_RANGE = 10;

/** Every marker shape as plain [n] markers, one per number, which the chat panel turns into links. */
export function normalizeMarkers(text: string): string {
  return text.replace(MARKER, (_marker, list: string) => {
    const numbers: number[] = [];
    for (const item of list.split(/\s*(?:[,;]|and|&)\s*/i)) {
      const [from, to] = item.split(/\s*[–-]\s*/).map(Number);
      if (to === undefined) numbers.push(from!);
      else if (to > from! && to - from! <= MAX_RANGE) for (let n = from!; n <= to; n += 1) numbers.push(n);
      else numbers.push(from!, to);
    }
    return numbers.map((n) => `[${n}]`).join("");
  });
}

/**
 * Checks the model's citations against the passages it was given: a number naming no supplied source
 * (invented), or a source that shares no content word with the sentence citing it, is removed from the
 * text, and the answer then says so. The rest become citations, in order of first mention.
 */
export function resolveCitations(written: string, request: AnswerRequest): Answer {
  const text = normalizeMarkers(written);
  const byNumber = new Map(request.sources.map((s) => [s.n, s]));
  const passageTerms = new Map<number, Set<string>>();
  const cited: number[] = [];
  let dropped = 0;
  const content = text.replace(/\[(\d{1,3})\]/g, (marker, digits: string, at: number) => {
    const source = byNumber.get(Number(digits));
    const before = text.slice(0, at);
    const claim = before.slice(Math.max(0, before.search(/[^.!?\n]*$/)));
    if (!source || !supported(claim, source, passageTerms)) {
      dropped += 1;
      return "";
    }
    if (!cited.includes(source.n)) cited.push(source.n);
    return marker;
  });
  const tidied = content.replace(/[ \t]+([.,;:])/g, "$1").trim();
  return {
    content: dropped ? `${tidied}\n\n${droppedCitationsNote(dropped)}` : tidied,
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
  /** Whether the model answers; `error` (for the server log only, after redaction) when it does not. */
  test(model: string): Promise<{ ok: true } | { ok: false; error: unknown }>;
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
          // Per attempt; the overall deadlines below bound the retries too.
          timeout: settings.timeoutMs ?? ANSWER_DEADLINE_MS,
          maxRetries: settings.maxRetries ?? 1,
        }),
    ));
  const answerMs = settings.timeoutMs ?? ANSWER_DEADLINE_MS;
  const idleMs = settings.idleMs ?? STREAM_IDLE_MS;
  /** Streamed to the student (bytes keep the connection alive) or answered whole (deadline first). */
  const limitsFor = (signal: AbortSignal | undefined, streamed: boolean) =>
    streamed
      ? deadlines(signal, settings.streamTimeoutMs ?? STREAM_DEADLINE_MS, idleMs)
      : deadlines(signal, answerMs, Math.min(idleMs, answerMs));

  /**
   * Reads a streamed completion, re-arming the idle deadline at every chunk (reasoning chunks too: the
   * model is working). The answer leaves out the model's reasoning (thinking.ts).
   */
  async function readStream(
    stream: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>,
    limits: ReturnType<typeof deadlines>,
    onDelta?: (text: string) => void,
    maxChars = Number.POSITIVE_INFINITY,
  ): Promise<{ text: string; cut?: Cut }> {
    let text = "";
    let shownChars = 0;
    let cut: Cut | undefined;
    const visible = thinkingFilter();
    for await (const chunk of stream) {
      limits.touch();
      const choice = chunk.choices[0];
      if (choice?.finish_reason === "length" || choice?.finish_reason === "content_filter")
        cut = choice.finish_reason;
      const delta = choice?.delta?.content ?? "";
      if (!delta) continue;
      text += delta;
      const shown = visible.push(delta);
      shownChars += shown.length;
      if (shown) onDelta?.(shown);
      // Leaving the loop cancels the request upstream (the SDK aborts a stream left early).
      if (shownChars >= maxChars) {
        cut = "length";
        break;
      }
    }
    // The SDK ends an aborted stream quietly, as if the answer were complete: it is not.
    if (limits.signal.aborted) throw limits.signal.reason ?? new Error("aborted");
    return { text: stripThinking(text), cut };
  }

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
      const limits = limitsFor(signal, onDelta !== undefined);
      let text: string;
      let cut: Cut | undefined;
      try {
        const stream = await client.chat.completions.create(
          { model: request.model ?? "gpt-4o", messages, stream: true },
          { signal: limits.signal },
        );
        ({ text, cut } = await readStream(stream, limits, onDelta, ANSWER_MAX_CHARS));
        limits.end();
      } catch (err) {
        limits.end(err);
        throw err;
      }
      if (!text.trim()) throw new Error(`the model sent an empty answer${cut ? ` (${cut})` : ""}`);
      return resolveCitations(cut ? `${text.trimEnd()}\n\n${CUT_NOTES[cut]}` : text, request);
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
      const limits = limitsFor(signal, onDelta !== undefined);
      const ask = async (asked: typeof body) => {
        if (onDelta) {
          const stream = await client.chat.completions.create(
            { ...asked, stream: true },
            { signal: limits.signal },
          );
          return (await readStream(stream, limits, onDelta)).text;
        }
        const reply = await client.chat.completions.create(asked, { signal: limits.signal });
        return stripThinking(reply.choices[0]?.message?.content ?? "");
      };
      try {
        try {
          text = await ask(body);
        } catch (err) {
          // LM Studio (and other servers) refuse JSON mode with a 400 ("'response_format.type' must be
          // 'json_schema' or 'text'"); the prompt asks for JSON anyway and the reply is validated, so the
          // same request without it, within the same deadline, is what they can answer.
          if (!request.json || (err as { status?: number }).status !== 400) throw err;
          const { response_format: _refused, ...plain } = body;
          text = await ask(plain);
        }
        limits.end();
      } catch (err) {
        limits.end(err);
        throw err;
      }
      if (!text.trim()) throw new Error("the model sent an empty answer");
      return text;
    },
    async test(model) {
      const limits = deadlines(undefined, answerMs);
      try {
        const client = await connect();
        await client.chat.completions.create(
          { model, messages: [{ role: "user", content: "Reply with OK." }], max_tokens: 5 },
          { maxRetries: 0, signal: limits.signal },
        );
        limits.end();
        return { ok: true };
      } catch (err) {
        try {
          limits.end(err);
        } catch (why) {
          // Only works / does not work leaves here: the provider's words may quote the key.
          return { ok: false, error: why };
        }
        return { ok: false, error: err };
      }
    },
  };
}
