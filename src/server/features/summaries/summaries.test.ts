import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudyDocument, StudyDocumentSummary } from "#shared/study/contract.ts";
import { createDocument, createStudySet, createUser, type TestUser } from "#tests/factories.ts";
import { type FakeOpenAi, startFakeOpenAi } from "#tests/fixtures/fake-openai.ts";
import { documentFixture, type FormPart, multipartForm } from "#tests/multipart-form.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

const lecture = readFileSync(
  new URL("../../integrations/ai/builtin/fixtures/cell-biology.txt", import.meta.url),
  "utf8",
).replaceAll("\f", "\n\n");
const flat = (text: string) => text.replace(/\s+/g, " ");

let t: TestApp;
let ada: TestUser;
let bob: TestUser;

async function post(app: TestApp, who: TestUser | null, url: string, payload?: object) {
  return app.app.inject({
    method: "POST",
    url,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
}

async function newDocument(app: TestApp, who: TestUser, content = lecture): Promise<StudyDocument> {
  const set = await createStudySet(app.app, { owner: who, title: "Biology" });
  return createDocument(app.app, { set, title: "Cells", content });
}

const pdf = (app: TestApp, who: TestUser | null, parts: FormPart[]) => {
  const form = multipartForm(parts);
  return app.app.inject({
    method: "POST",
    url: "/api/summarize/pdf",
    headers: { ...(who?.headers ?? {}), ...form.headers },
    payload: form.payload,
  });
};
const file = (fileName: string, type = "application/pdf"): FormPart => ({
  name: "file",
  fileName,
  type,
  data: documentFixture(fileName),
});

beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app);
  bob = await createUser(t.app);
}, 180_000);
afterAll(() => t.close());

describe("POST /api/summarize (built-in engine)", () => {
  it("answers a brief summary of 3 sentences quoted from the text, and the other styles", async () => {
    const brief = await post(t, ada, "/api/summarize", { text: lecture, type: "brief" });
    expect(brief.statusCode).toBe(200);
    expect(brief.json().provider).toBe("builtin");
    const sentences = brief.json().summary.match(/[^.!?]+[.!?]/g);
    expect(sentences).toHaveLength(3);
    for (const s of sentences) expect(flat(lecture)).toContain(s.trim());

    const bullets = (await post(t, ada, "/api/summarize", { text: lecture, type: "bullets" })).json();
    const lines = bullets.summary.split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeLessThanOrEqual(7);
    for (const line of lines) expect(line).toMatch(/^- /);

    const detailed = (await post(t, ada, "/api/summarize", { text: lecture, type: "detailed" })).json();
    expect(detailed.summary).toContain("## The Plasma Membrane");
    // The SPEC §9 default style is brief.
    expect((await post(t, ada, "/api/summarize", { text: lecture })).json().summary).toBe(
      brief.json().summary,
    );
  });

  it("refuses empty text, an unknown style, a stranger's userId, no session and a body over 1 MB", async () => {
    const empty = await post(t, ada, "/api/summarize", { text: "   ", type: "brief" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Text is required");
    expect((await post(t, ada, "/api/summarize", { text: "Hello there.", type: "long" })).statusCode).toBe(
      400,
    );
    expect((await post(t, ada, "/api/summarize", { text: lecture, userId: bob.user.id })).statusCode).toBe(
      403,
    );
    expect((await post(t, null, "/api/summarize", { text: lecture })).statusCode).toBe(401);
    const huge = await post(t, ada, "/api/summarize", { text: "Cells divide. ".repeat(80_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe("body_too_large");
  });

  it("streams the built-in engine's summary as one done event, refusing bad input before the stream", async () => {
    const json = await post(t, ada, "/api/summarize", { text: lecture, type: "bullets" });
    const res = await post(t, ada, "/api/summarize/stream", { text: lecture, type: "bullets" });
    expect(res.headers["content-type"]).toContain("text/event-stream");
    expect(res.body).toBe(`event: done\ndata: ${JSON.stringify(json.json())}\n\n`);
    const empty = await post(t, ada, "/api/summarize/stream", { text: " ", type: "brief" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Text is required");
    const foreign = await post(t, ada, "/api/summarize/stream", { text: lecture, userId: bob.user.id });
    expect(foreign.statusCode).toBe(403);
    expect((await post(t, null, "/api/summarize/stream", { text: lecture })).statusCode).toBe(401);
    // The engine's own refusal comes after the status line, as the stream's error event.
    const bare = await post(t, ada, "/api/summarize/stream", { text: "## Only a heading", type: "brief" });
    expect(bare.body).toMatch(/^event: error\ndata: .*"status":422/);
  });
});

describe("POST /api/summarize/pdf", () => {
  it("extracts a PDF's text and summarizes it", async () => {
    const res = await pdf(t, ada, [{ name: "type", value: "bullets" }, file("cell-biology.pdf")]);
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toMatch(/^- /);
  });

  it("answers each failure the summarizer shows a toast for", async () => {
    const scanned = await pdf(t, ada, [file("scanned.pdf")]);
    expect(scanned.statusCode).toBe(422);
    expect(scanned.json().code).toBe("pdf_no_text");
    const text = await pdf(t, ada, [file("notes.txt", "text/plain")]);
    expect(text.statusCode).toBe(415);
    expect((await pdf(t, ada, [{ name: "type", value: "brief" }])).statusCode).toBe(400);
    expect((await pdf(t, ada, [{ name: "type", value: "long" }, file("cell-biology.pdf")])).statusCode).toBe(
      400,
    );
    expect(
      (await pdf(t, ada, [{ name: "userId", value: String(bob.user.id) }, file("cell-biology.pdf")]))
        .statusCode,
    ).toBe(403);
    expect((await pdf(t, null, [file("cell-biology.pdf")])).statusCode).toBe(401);
  });
});

describe("recent documents and summarizing one", () => {
  it("lists the student's own study documents and materials, newest first, each summarizable", async () => {
    const doc = await newDocument(t, ada);
    const material = await post(t, ada, "/api/upload-document", {
      fileName: "Cell notes",
      content: lecture,
      type: "lecture",
    });
    expect(material.statusCode).toBe(201);
    await newDocument(t, bob);
    const recent = (
      await t.app.inject({ method: "GET", url: "/api/summarize/documents", headers: ada.headers })
    ).json();
    expect(recent.slice(0, 2).map((d: { source: string }) => d.source)).toEqual(["material", "study"]);
    expect(recent[1]).toMatchObject({ id: doc.id, title: "Cells", place: "Biology" });
    const bobs = (
      await t.app.inject({ method: "GET", url: "/api/summarize/documents", headers: bob.headers })
    ).json();
    expect(bobs.every((d: { id: number; source: string }) => d.source === "study" && d.id !== doc.id)).toBe(
      true,
    );

    for (const [source, id] of [
      ["study", doc.id],
      ["material", material.json().id],
    ] as const) {
      const res = await post(t, ada, "/api/summarize/document", { source, id, type: "brief" });
      expect(res.statusCode).toBe(200);
      expect(res.json().summary.length).toBeGreaterThan(50);
      expect((await post(t, bob, "/api/summarize/document", { source, id })).statusCode).toBe(404);
    }
  });
});

describe("a study document's stored summary", () => {
  it("is generated, shown on the card, regenerated and deleted, by its owner only", async () => {
    const doc = await newDocument(t, ada);
    const list = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/study/sets/${doc.studySetId}/documents`,
          headers: ada.headers,
        })
      ).json() as StudyDocumentSummary[];
    const made = await post(t, ada, `/api/study/documents/${doc.id}/summary`, { type: "brief" });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: doc.id, provider: "builtin" });
    expect((await list())[0]?.summary).toBe(made.json().summary);

    const again = await post(t, ada, `/api/study/documents/${doc.id}/summary`, { type: "bullets" });
    expect(again.json().summary).toMatch(/^- /);
    expect((await list())[0]?.summary).toBe(again.json().summary);

    expect((await post(t, bob, `/api/study/documents/${doc.id}/summary`, { type: "brief" })).statusCode).toBe(
      404,
    );
    const bobDelete = await t.app.inject({
      method: "DELETE",
      url: `/api/study/documents/${doc.id}/summary`,
      headers: bob.headers,
    });
    expect(bobDelete.statusCode).toBe(404);
    expect((await list())[0]?.summary).toBe(again.json().summary);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/study/documents/${doc.id}/summary`,
      headers: ada.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await list())[0]?.summary).toBeNull();
    expect((await post(t, ada, "/api/study/documents/abc/summary", { type: "brief" })).statusCode).toBe(400);
  });
});

describe("drafts from a document (built-in engine)", () => {
  it("proposes definition cards with their page, saves nothing, and adds the accepted ones to a set", async () => {
    const doc = await newDocument(t, ada);
    const drafts = await post(t, ada, `/api/study/documents/${doc.id}/flashcard-drafts`);
    expect(drafts.statusCode).toBe(200);
    const { cards, provider } = drafts.json();
    expect(provider).toBe("builtin");
    expect(cards).toContainEqual(expect.objectContaining({ question: "What are prokaryotes?", page: 1 }));

    const set = (
      await post(t, ada, `/api/study/sets/${doc.studySetId}/flashcard-sets`, { title: "Cells" })
    ).json();
    const cardsOf = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/study/flashcard-sets/${set.id}/cards`,
          headers: ada.headers,
        })
      ).json();
    expect(await cardsOf()).toEqual([]);

    const accepted = [
      { question: cards[0].question, answer: "Edited answer", hint: "Cells, page 1" },
      { question: cards[1].question, answer: cards[1].answer },
    ];
    const add = await post(t, ada, `/api/study/flashcard-sets/${set.id}/cards/batch`, { cards: accepted });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual({ created: 2 });
    expect((await cardsOf()).map((c: { answer: string }) => c.answer)).toEqual([
      "Edited answer",
      cards[1].answer,
    ]);

    expect(
      (await post(t, ada, `/api/study/flashcard-sets/${set.id}/cards/batch`, { cards: [] })).statusCode,
    ).toBe(400);
    expect(
      (
        await post(t, ada, `/api/study/flashcard-sets/${set.id}/cards/batch`, {
          cards: [{ question: "", answer: "x" }],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await post(t, bob, `/api/study/flashcard-sets/${set.id}/cards/batch`, { cards: accepted })).statusCode,
    ).toBe(404);
    expect((await post(t, bob, `/api/study/documents/${doc.id}/flashcard-drafts`)).statusCode).toBe(404);
  });

  it("proposes quiz questions from the definitions, options distinct and holding the answer", async () => {
    const doc = await newDocument(t, ada);
    const res = await post(t, ada, `/api/study/documents/${doc.id}/quiz-drafts`);
    expect(res.statusCode).toBe(200);
    const { questions } = res.json();
    expect(questions.length).toBeGreaterThan(2);
    for (const q of questions) {
      expect(q.options).toContain(q.answer);
      expect(new Set(q.options).size).toBe(q.options.length);
      expect(q.page).toBeGreaterThanOrEqual(1);
    }
    expect((await post(t, bob, `/api/study/documents/${doc.id}/quiz-drafts`)).statusCode).toBe(404);
  });
});

describe("drafts from a course material (built-in engine)", () => {
  it("proposes the same cards and quiz as from a study document, to its owner only", async () => {
    const material = await post(t, ada, "/api/upload-document", {
      fileName: "Cell notes",
      content: lecture,
      type: "lecture",
    });
    expect(material.statusCode).toBe(201);
    const id = material.json().id;
    const doc = await newDocument(t, ada);

    const cards = await post(t, ada, `/api/documents/${id}/flashcard-drafts`);
    expect(cards.statusCode).toBe(200);
    expect(cards.json().provider).toBe("builtin");
    expect(cards.json().cards).toContainEqual(
      expect.objectContaining({ question: "What are prokaryotes?", page: 1 }),
    );
    // One engine: the same text gives the same drafts whichever store it is in.
    const fromStudy = (await post(t, ada, `/api/study/documents/${doc.id}/flashcard-drafts`)).json();
    expect(cards.json().cards).toEqual(fromStudy.cards);

    const quiz = await post(t, ada, `/api/documents/${id}/quiz-drafts`);
    expect(quiz.statusCode).toBe(200);
    expect(quiz.json().questions.length).toBeGreaterThan(2);
    for (const q of quiz.json().questions) expect(q.options).toContain(q.answer);

    for (const kind of ["flashcard-drafts", "quiz-drafts"]) {
      expect((await post(t, bob, `/api/documents/${id}/${kind}`)).statusCode).toBe(404);
      expect((await post(t, null, `/api/documents/${id}/${kind}`)).statusCode).toBe(401);
      expect((await post(t, ada, `/api/documents/999999/${kind}`)).statusCode).toBe(404);
      expect((await post(t, ada, `/api/documents/abc/${kind}`)).statusCode).toBe(400);
    }
  });
});

describe("with a model (fake OpenAI-compatible server over HTTP)", () => {
  let fake: FakeOpenAi;
  let ai: TestApp;
  let who: TestUser;
  let doc: StudyDocument;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ai = await createTestApp({ openai: { baseUrl: fake.baseUrl, maxRetries: 0, timeoutMs: 5000 } });
    who = await createUser(ai.app);
    doc = await newDocument(ai, who);
  }, 180_000);
  afterAll(async () => {
    await ai.close();
    await fake.close();
  });

  it("summarizes through the model with the style's prompt", async () => {
    fake.reply = "- Cells are the unit of life.\n- Membranes separate them.\n- Mitochondria make ATP.";
    const res = await post(ai, who, "/api/summarize", { text: lecture, type: "bullets" });
    expect(res.json()).toEqual({ summary: fake.reply, provider: "openai" });
    const request = fake.requests.at(-1)!;
    expect(request.model).toBe("gpt-4o");
    expect(request.messages[0]?.content).toContain("3 to 7 bullet points");
    expect(request.messages[1]?.content).toContain("The plasma membrane is a phospholipid bilayer");
  });

  it("streams the model's summary in order, ending with the JSON endpoint's reply", async () => {
    fake.reply =
      "## Membranes\nThe plasma membrane is a phospholipid bilayer.\n## Energy\nMitochondria make ATP.";
    const json = await post(ai, who, "/api/summarize", { text: lecture, type: "detailed" });
    const res = await post(ai, who, "/api/summarize/stream", { text: lecture, type: "detailed" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/event-stream");
    expect(fake.requests.at(-1)!.stream).toBe(true);
    const events = [...res.body.matchAll(/event: (\w+)\ndata: (.+)\n/g)].map((m) => m[1]);
    expect(events.length).toBeGreaterThan(3);
    expect(events.at(-1)).toBe("done");
    expect(events.slice(0, -1).every((name) => name === "delta")).toBe(true);
    const deltas = [...res.body.matchAll(/event: delta\ndata: (.+)\n/g)].map((m) => JSON.parse(m[1]!).text);
    const done = JSON.parse(/event: done\ndata: (.+)\n/.exec(res.body)![1]!);
    expect(done).toEqual(json.json());
    expect(deltas.join("")).toBe(done.summary);
  });

  it("streams the map steps whole and only the final reduce", async () => {
    fake.reply = "- A key fact.";
    const long = Array.from(
      { length: 3 },
      (_, i) => `Part ${i}. ${"Cells divide by mitosis. ".repeat(1100)}`,
    );
    const before = fake.requests.length;
    const res = await post(ai, who, "/api/summarize/stream", { text: long.join("\n\n"), type: "bullets" });
    const sent = fake.requests.slice(before);
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.map((r) => r.stream === true)).toEqual([...sent.slice(1).map(() => false), true]);
    expect(JSON.parse(/event: done\ndata: (.+)\n/.exec(res.body)![1]!)).toEqual({
      summary: "- A key fact.",
      provider: "openai",
    });
  });

  it("falls back to the built-in engine's summary in the stream's done event when the model is down", async () => {
    fake.failWith = 500;
    try {
      const res = await post(ai, who, "/api/summarize/stream", { text: lecture, type: "brief" });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain("event: delta");
      expect(res.body).not.toContain("event: error");
      const done = JSON.parse(/event: done\ndata: (.+)\n/.exec(res.body)![1]!);
      expect(done.provider).toBe("builtin");
      expect(done.note).toMatch(/built-in engine/);
      expect(flat(lecture)).toContain(done.summary.split(". ")[0]);
    } finally {
      fake.failWith = null;
    }
  });

  it("keeps the model's valid cards, drops invalid ones, and falls back on malformed JSON", async () => {
    fake.reply = JSON.stringify({
      cards: [
        { question: "What is a prokaryote?", answer: "A cell without a nucleus.", page: 1 },
        { question: "What is missing?", page: 1 },
        { question: "Which page?", answer: "None", page: 99 },
      ],
    });
    const good = await post(ai, who, `/api/study/documents/${doc.id}/flashcard-drafts`);
    expect(good.json()).toEqual({
      provider: "openai",
      cards: [{ question: "What is a prokaryote?", answer: "A cell without a nucleus.", page: 1 }],
    });
    expect(fake.requests.at(-1)!.messages[1]?.content).toMatch(/^\[Page 1\]/);

    // Cut off mid-answer.
    fake.reply = '{"cards": [{"question": "What is';
    const broken = await post(ai, who, `/api/study/documents/${doc.id}/flashcard-drafts`);
    expect(broken.statusCode).toBe(200);
    expect(broken.json().provider).toBe("builtin");
    expect(broken.json().note).toMatch(/could not answer/);
    expect(broken.json().cards.length).toBeGreaterThan(0);
  });

  it("asks again without JSON mode when the server refuses it (LM Studio's 400)", async () => {
    fake.rejectJsonMode = true;
    try {
      fake.reply = JSON.stringify({
        cards: [{ question: "What is a prokaryote?", answer: "A cell without a nucleus.", page: 1 }],
      });
      const before = fake.requests.length;
      const drafts = await post(ai, who, `/api/study/documents/${doc.id}/flashcard-drafts`);
      expect(drafts.json()).toMatchObject({
        provider: "openai",
        cards: [{ question: "What is a prokaryote?" }],
      });
      const asked = fake.requests.slice(before) as { response_format?: unknown }[];
      expect(asked.map((r) => r.response_format)).toEqual([{ type: "json_object" }, undefined]);
    } finally {
      fake.rejectJsonMode = false;
    }
  });

  it("makes a quiz whose questions cite their page and pass the quiz rules", async () => {
    fake.reply = JSON.stringify({
      questions: [
        {
          question: "What lacks a nucleus?",
          answer: "Prokaryotes",
          distractors: ["Eukaryotes", "Protists", "Fungi"],
          page: 1,
        },
        { question: "Duplicate options?", answer: "ATP", distractors: ["ATP", "atp "], page: 1 },
        { question: "No page?", answer: "ATP", distractors: ["ADP", "NADH", "GTP"] },
      ],
    });
    const res = await post(ai, who, `/api/study/documents/${doc.id}/quiz-drafts`);
    expect(res.json().provider).toBe("openai");
    expect(res.json().questions).toHaveLength(1);
    expect(res.json().questions[0]).toMatchObject({
      question: "What lacks a nucleus?",
      answer: "Prokaryotes",
      page: 1,
    });
    expect([...res.json().questions[0].options].sort()).toEqual([
      "Eukaryotes",
      "Fungi",
      "Prokaryotes",
      "Protists",
    ]);

    fake.reply = "I cannot do that.";
    const broken = await post(ai, who, `/api/study/documents/${doc.id}/quiz-drafts`);
    expect(broken.statusCode).toBe(200);
    expect(broken.json().provider).toBe("builtin");
  });

  it("falls back to the built-in engine when the model is down, and stores that summary", async () => {
    fake.failWith = 500;
    try {
      const res = await post(ai, who, `/api/study/documents/${doc.id}/summary`, { type: "brief" });
      expect(res.statusCode).toBe(200);
      expect(res.json().provider).toBe("builtin");
      expect(res.json().note).toMatch(/built-in engine/);
      expect(flat(lecture)).toContain(res.json().summary.split(". ")[0]);
    } finally {
      fake.failWith = null;
    }
  });
});
