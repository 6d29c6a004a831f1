// How real OpenAI-compatible servers (OpenAI, Ollama, LM Studio, vLLM, llama.cpp, OpenRouter) speak the
// streamed Chat Completions protocol, byte for byte, and what the student gets from each.
import { beforeAll, describe, expect, it } from "vitest";
import { ANSWER_MAX_CHARS, CUT_NOTES } from "#server/integrations/ai/openai.ts";
import { MODEL_FAILED_NOTE } from "#server/integrations/ai/provider-errors.ts";
import type { ChatMessage } from "#shared/chat/contract.ts";
import type { TestUser } from "#tests/factories.ts";
import type { FakeOpenAi } from "#tests/fixtures/fake-openai.ts";
import { modelChatPerFile } from "#tests/fixtures/model-chat.ts";
import type { TestApp } from "#tests/test-app.ts";

const setup = modelChatPerFile((baseUrl) => ({
  // Retries on, as in production: a server's Retry-After must not outlast the deadline.
  openai: { baseUrl, maxRetries: 2, timeoutMs: 3000, idleMs: 1500 },
}));
let fake: FakeOpenAi;
let t: TestApp;
let who: TestUser;
beforeAll(() => {
  ({ fake, t, who } = setup);
});

const base = { id: "chatcmpl-9", object: "chat.completion.chunk", created: 1, model: "m" };
/** One chunk as servers send it; `extra` goes into the choice (finish_reason, other delta fields). */
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
const event = (json: string, eol = "\n") => `data: ${json}${eol}${eol}`;
const DONE = "data: [DONE]\n\n";

/** Both endpoints' answers to one question: the streamed deltas and done event, and the JSON reply. */
async function askBoth(content = "Where does photosynthesis take place?") {
  const payload = { isUser: true, content, timeZone: "UTC" };
  const stream = await t.app.inject({
    method: "POST",
    url: "/api/chat/stream",
    headers: who.headers,
    payload,
  });
  const json = await t.app.inject({ method: "POST", url: "/api/chat", headers: who.headers, payload });
  expect(stream.statusCode).toBe(200);
  expect(json.statusCode).toBe(200);
  const deltas = [...stream.body.matchAll(/event: delta\ndata: (.+)\n/g)].map((m) => JSON.parse(m[1]!).text);
  const done = JSON.parse(/event: done\ndata: (.+)\n/.exec(stream.body)![1]!);
  return {
    streamed: deltas.join(""),
    streamedMessage: done.aiMessage as ChatMessage,
    message: json.json().aiMessage as ChatMessage,
    bodies: stream.body + json.body,
  };
}

describe("the streamed protocol as servers send it", () => {
  it("reads CRLF lines, keep-alive comments, split chunks, empty choices, null content and usage", async () => {
    fake.raw = [
      ": ping\r\n\r\n",
      event(chunk({ role: "assistant", content: null }), "\r\n"),
      event(chunk({ content: "Photosynthesis happens " }), "\r\n").slice(0, 25),
      event(chunk({ content: "Photosynthesis happens " }), "\r\n").slice(25),
      `: OPENROUTER PROCESSING\n\n`,
      event(JSON.stringify({ ...base, choices: [] })),
      event(chunk({ content: "in the chloroplasts [1]." })),
      event(chunk({}, "stop")),
      event(JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 9, completion_tokens: 9 } })),
      DONE,
    ];
    const r = await askBoth();
    for (const m of [r.message, r.streamedMessage]) {
      expect(m).toMatchObject({
        provider: "openai",
        content: "Photosynthesis happens in the chloroplasts [1].",
      });
      expect(m.citations!.map((c) => c.n)).toEqual([1]);
    }
    expect(r.streamed).toBe("Photosynthesis happens in the chloroplasts [1].");
  });

  it("an error object in the middle of the stream: the built-in engine answers, with the note", async () => {
    fake.raw = [
      event(chunk({ content: "Photosynthesis happens " })),
      event(
        JSON.stringify({ error: { message: "model crashed: CUDA out of memory", type: "server_error" } }),
      ),
    ];
    const r = await askBoth();
    for (const m of [r.message, r.streamedMessage])
      expect(m).toMatchObject({ provider: "builtin", note: MODEL_FAILED_NOTE });
    expect(r.bodies).not.toContain("CUDA");
  });
});

describe("a reasoning model's thinking is not the answer", () => {
  it("leaves out reasoning_content and <think> blocks, also when a tag is split across chunks", async () => {
    fake.raw = [
      event(chunk({ reasoning_content: "The user asks where. Source 1 says chloroplasts." })),
      event(chunk({ content: "<thi" })),
      event(chunk({ content: "nk>\nThe student wants [2] the place" })),
      event(chunk({ content: " of photosynthesis.</th" })),
      event(chunk({ content: "ink>\n\nPhotosynthesis happens in the chloroplasts [1]." })),
      event(chunk({}, "stop")),
      DONE,
    ];
    const r = await askBoth();
    for (const m of [r.message, r.streamedMessage]) {
      expect(m).toMatchObject({
        provider: "openai",
        content: "Photosynthesis happens in the chloroplasts [1].",
      });
    }
    expect(r.streamed).not.toContain("think");
    expect(r.streamed).not.toContain("student wants");
    expect(r.streamed.trim()).toBe("Photosynthesis happens in the chloroplasts [1].");
  });
});

describe("citation markers in the shapes models write them", () => {
  const answer = (text: string) => {
    fake.raw = [event(chunk({ content: text })), event(chunk({}, "stop")), DONE];
  };
  it.each([
    ["[1, 2]", "Photosynthesis happens in the chloroplasts [1, 2]."],
    ["【1】", "Photosynthesis happens in the chloroplasts【1】."],
    ["[^1]", "Photosynthesis happens in the chloroplasts [^1]."],
    ["[Source 1]", "Photosynthesis happens in the chloroplasts [Source 1]."],
  ])("%s becomes [n] markers the panel links", async (_shape, text) => {
    answer(text);
    const { message } = await askBoth();
    expect(message.provider).toBe("openai");
    expect(message.content).toMatch(/chloroplasts ?\[1\]/);
    expect(message.citations!.map((c) => c.n)[0]).toBe(1);
  });
  it("drops an invented number inside a list and says so", async () => {
    answer("Photosynthesis happens in the chloroplasts [1, 9].");
    const { message } = await askBoth();
    expect(message.content).toMatch(
      /^Photosynthesis happens in the chloroplasts \[1\]\.\n\n\(I removed one citation/,
    );
    expect(message.citations!.map((c) => c.n)).toEqual([1]);
  });
});

describe("refusals and cut-off answers", () => {
  it("a content filter that stops the answer before any text: the built-in engine answers", async () => {
    fake.raw = [event(chunk({ content: "" }, "content_filter")), DONE];
    const r = await askBoth();
    for (const m of [r.message, r.streamedMessage])
      expect(m).toMatchObject({ provider: "builtin", note: MODEL_FAILED_NOTE });
  });
});

describe("answers that end before they are complete", () => {
  it("an answer cut at the model's token limit says so under it", async () => {
    fake.raw = [
      event(chunk({ content: "Photosynthesis happens in the chloroplasts [1] of the" })),
      event(chunk({}, "length")),
      DONE,
    ];
    const r = await askBoth();
    for (const m of [r.message, r.streamedMessage]) {
      expect(m.provider).toBe("openai");
      expect(m.content).toBe(`Photosynthesis happens in the chloroplasts [1] of the\n\n${CUT_NOTES.length}`);
      expect(m.citations!.map((c) => c.n)).toEqual([1]);
    }
  });

  it("a content filter stopping the answer partway says so under it", async () => {
    fake.raw = [
      event(chunk({ content: "Photosynthesis happens in" })),
      event(chunk({}, "content_filter")),
      DONE,
    ];
    const { message } = await askBoth();
    expect(message.content).toBe(`Photosynthesis happens in\n\n${CUT_NOTES.content_filter}`);
  });

  it("a model that never stops is cut at the answer limit and its request cancelled", async () => {
    const sentence = "Photosynthesis happens in the chloroplasts [1]. ";
    const piece = sentence.repeat(Math.ceil(1000 / sentence.length));
    fake.raw = Array.from({ length: 60 }, () => event(chunk({ content: piece })));
    // Counted by request, not in total: an earlier test's abandoned stream can close late.
    const from = fake.requests.length;
    const r = await askBoth();
    const mine = fake.requests.slice(from);
    for (const m of [r.message, r.streamedMessage]) {
      expect(m.provider).toBe("openai");
      expect(m.content.length).toBeLessThan(ANSWER_MAX_CHARS + 1100);
      expect(m.content.endsWith(CUT_NOTES.length)).toBe(true);
    }
    expect(r.streamed.length).toBeLessThan(ANSWER_MAX_CHARS + 1100);
    expect(mine).toHaveLength(2);
    await expect
      .poll(() => mine.filter((m) => fake.abandonedRequests.includes(m)).length, { timeout: 3000 })
      .toBe(2);
  });
});

describe("rate limits and bad settings", () => {
  it("a 429 with a long Retry-After falls back within the deadline", async () => {
    fake.failWith = 429;
    fake.failHeaders = { "retry-after": "30" };
    const started = performance.now();
    const r = await askBoth();
    expect(performance.now() - started).toBeLessThan(8000);
    for (const m of [r.message, r.streamedMessage])
      expect(m).toMatchObject({ provider: "builtin", note: MODEL_FAILED_NOTE });
  }, 30_000);
});

describe("summaries from a reasoning model", () => {
  it("keep only the summary, not the reasoning before it", async () => {
    fake.reply = "<think>\nThe text repeats one fact.\n</think>\n\nCells make energy.";
    const res = await t.app.inject({
      method: "POST",
      url: "/api/summarize",
      headers: who.headers,
      payload: { text: "Cells make energy. ".repeat(20), type: "brief" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: "openai", summary: "Cells make energy." });
  });
});
