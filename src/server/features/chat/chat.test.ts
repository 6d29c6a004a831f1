import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "#shared/chat/contract.ts";
import { createCourse, createTask, createUser, type TestUser } from "#tests/factories.ts";
import { type FakeOpenAi, startFakeOpenAi } from "#tests/fixtures/fake-openai.ts";
import { documentFixture, multipartForm } from "#tests/multipart-form.ts";
import { readWaitingUploads } from "#tests/read-uploads.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";

// Wednesday 4 March 2026, noon UTC.
const NOW = new Date("2026-03-04T12:00:00Z");
const clock = { now: () => new Date(NOW) };

let t: TestApp;
let ada: TestUser;
let bob: TestUser;
let bio: { id: number };
const tasks: Record<string, number> = {};

async function addPdf(app: TestApp, who: TestUser, courseId?: number) {
  const form = multipartForm([
    ...(courseId ? [{ name: "courseId", value: String(courseId) }] : []),
    { name: "file", fileName: "cell-biology.pdf", data: documentFixture("cell-biology.pdf") },
  ]);
  const res = await app.app.inject({
    method: "POST",
    url: "/api/upload-document/file",
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(201);
  await readWaitingUploads(app.app);
  return res.json();
}

const ask = (app: TestApp, who: TestUser, content: string, extra: Record<string, unknown> = {}) =>
  app.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: who.headers,
    payload: { isUser: true, content, timeZone: "UTC", ...extra },
  });

beforeAll(async () => {
  t = await createTestApp({ clock, chatRateLimit: 1000 });
  ada = await createUser(t.app);
  bob = await createUser(t.app);
  bio = await createCourse(t.app, ada, { name: "Introduction to Biology", code: "BIO 101" });
  await addPdf(t, ada, bio.id);
  const make = async (title: string, dueDate: string | null, completed = false) => {
    tasks[title] = (await createTask(t.app, ada, { title, dueDate, courseId: bio.id })).id;
    if (completed) {
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/tasks/${tasks[title]}`,
        headers: ada.headers,
        payload: { completed: true },
      });
      expect(res.statusCode).toBe(200);
    }
  };
  await make("Lab report", "2026-03-05T23:59:00Z");
  await make("Essay draft", "2026-03-07T17:00:00Z");
  await make("Midterm exam", "2026-03-11T09:00:00Z");
  await make("Reading log", "2026-03-02T23:59:00Z");
  await make("Old quiz", "2026-03-01T10:00:00Z", true);
}, 180_000);
afterAll(() => t.close());

describe("POST /api/chat with the built-in engine", () => {
  it("quotes the material with a citation of the right document and page", async () => {
    const res = await ask(t, ada, "Where does photosynthesis take place?");
    expect(res.statusCode).toBe(200);
    const { userMessage, aiMessage } = res.json() as { userMessage: ChatMessage; aiMessage: ChatMessage };
    expect(userMessage).toMatchObject({ isUser: true, content: "Where does photosynthesis take place?" });
    expect(aiMessage.provider).toBe("builtin");
    const first = aiMessage.citations![0]!;
    expect(first).toMatchObject({
      n: 1,
      kind: "document",
      title: "cell-biology",
      page: 3,
      source: "material",
    });
    expect(first.quote).toContain("chloroplasts");
    expect(aiMessage.content).toContain("[1]");
  });

  it("reads past a typo: the misspelt term stands for the closest word of the student's documents", async () => {
    const res = await ask(t, ada, "Where does photosinthesis take place?");
    const ai: ChatMessage = res.json().aiMessage;
    expect(ai.citations![0]).toMatchObject({ kind: "document", title: "cell-biology", page: 3 });
    expect(ai.citations![0]!.quote).toContain("chloroplasts");
  });

  it("says when the material does not cover the question, naming the closest documents", async () => {
    const res = await ask(t, ada, "Who won the battle of Hastings in 1066?");
    const ai: ChatMessage = res.json().aiMessage;
    expect(ai.content.startsWith("I couldn't find this in your materials.")).toBe(true);
    expect(ai.citations).toEqual([]);
  });

  it("never cites nor names another student's material or tasks", async () => {
    const cara = await createUser(t.app);
    const material: ChatMessage = (await ask(t, cara, "Where does photosynthesis take place?")).json()
      .aiMessage;
    expect(material.citations).toEqual([]);
    expect(material.content).not.toContain("cell-biology");
    expect(material.content).not.toContain("chloroplast");
    const due: ChatMessage = (await ask(t, cara, "What is due this week?")).json().aiMessage;
    expect(due.citations).toEqual([]);
    expect(due.content).not.toContain("Lab report");
    const exam: ChatMessage = (await ask(t, cara, "What's on the midterm?")).json().aiMessage;
    expect(exam.citations).toEqual([]);
  });

  it("answers task questions exactly from the database, each task a citation", async () => {
    const thisWeek: ChatMessage = (await ask(t, ada, "What is due this week?")).json().aiMessage;
    expect(thisWeek.citations!.map((c) => c.id)).toEqual([tasks["Lab report"], tasks["Essay draft"]]);
    expect(thisWeek.citations!.every((c) => c.kind === "task")).toBe(true);
    const overdue: ChatMessage = (await ask(t, ada, "Is anything overdue in calculus?")).json().aiMessage;
    expect(overdue.citations!.map((c) => c.id)).toEqual([tasks["Reading log"]]);
    const exam: ChatMessage = (await ask(t, ada, "When is my next exam?")).json().aiMessage;
    expect(exam.citations!.map((c) => c.id)).toEqual([tasks["Midterm exam"]]);
    const byCourse: ChatMessage = (await ask(t, ada, "What is due in Biology?")).json().aiMessage;
    // Open work in the course, overdue first (the task list's order).
    expect(byCourse.citations!.map((c) => c.id)).toEqual([
      tasks["Reading log"],
      tasks["Lab report"],
      tasks["Essay draft"],
      tasks["Midterm exam"],
    ]);
    const done: ChatMessage = (await ask(t, ada, "What have I completed?")).json().aiMessage;
    expect(done.citations!.map((c) => c.id)).toEqual([tasks["Old quiz"]]);
  });

  it("names a course by part of its name and a kind of work, and says what it searched when nothing matches", async () => {
    const calc = await createCourse(t.app, ada, { name: "MATH 151: Calculus I", code: "MATH 151" });
    const homework = (
      await createTask(t.app, ada, {
        title: "Online Homework 7: Derivatives",
        dueDate: "2026-03-07T23:59:00Z",
        courseId: calc.id,
      })
    ).id;
    await createTask(t.app, ada, { title: "Quiz 3", dueDate: "2026-03-06T10:00:00Z", courseId: calc.id });
    for (const question of ["When is my calculus homework due?", "What homework is due in MATH 151?"]) {
      const reply: ChatMessage = (await ask(t, ada, question)).json().aiMessage;
      expect(
        reply.citations!.map((c) => c.id),
        question,
      ).toEqual([homework]);
    }
    const none: ChatMessage = (await ask(t, ada, "Any calculus labs due this week?")).json().aiMessage;
    expect(none.citations).toEqual([]);
    expect(none.content).toBe("You have no open labs in MATH 151 due Wed, Mar 4 to Sun, Mar 8.");
    const overdue: ChatMessage = (await ask(t, ada, "Is anything overdue in calculus?")).json().aiMessage;
    expect(overdue.content).toBe("You have no overdue tasks in MATH 151.");
  });

  it("finds a task by the words of its title in any order, and answers 'what's coming up?' from the tasks", async () => {
    const titration = (
      await createTask(t.app, ada, {
        title: "Lab report 2: titration",
        dueDate: "2026-03-06T12:00:00Z",
        courseId: bio.id,
      })
    ).id;
    const reply: ChatMessage = (await ask(t, ada, "When is the titration lab report due?")).json().aiMessage;
    expect(reply.citations!.map((c) => c.id)).toEqual([titration]);
    const coming: ChatMessage = (await ask(t, ada, "What's coming up?")).json().aiMessage;
    expect(coming.citations!.map((c) => c.id)).toContain(titration);
    expect(coming.content).not.toContain("couldn't find");
    await t.app.inject({ method: "DELETE", url: `/api/tasks/${titration}`, headers: ada.headers });
  });

  it("matches course names and task titles with or without their accents", async () => {
    const quim = await createCourse(t.app, ada, { name: "Química General", code: "QUÍM 110" });
    const lab = (
      await createTask(t.app, ada, {
        title: "Práctica de laboratorio 2",
        dueDate: "2026-03-06T23:59:00Z",
        courseId: quim.id,
      })
    ).id;
    const acids = (await createTask(t.app, ada, { title: "Ácidos y bases", dueDate: "2026-03-09T10:00:00Z" }))
      .id;
    const cited = async (question: string) =>
      ((await ask(t, ada, question)).json().aiMessage as ChatMessage).citations!.map((c) => c.id);
    expect(await cited("When is my quimica lab due?")).toEqual([lab]);
    expect(await cited("Any QUIM 110 labs?")).toEqual([lab]);
    expect(await cited("When is acidos y bases due?")).toEqual([acids]);
    expect(await cited("When is Ácidos y Bases due?")).toEqual([acids]);
  });

  it("spells out an abbreviation from the page that introduces it, not the pages that use it most", async () => {
    const carol = await createUser(t.app);
    const uses = Array.from(
      { length: 12 },
      (_, i) =>
        `Section ${i + 1}. The FHS places programs in /usr and logs in /var, and the FHS keeps /etc for configuration files. Tools that follow the FHS find files where the FHS says they are.`,
    );
    const text = [
      ...uses.slice(0, 6),
      "History. With the widening of scope, the name of the standard was changed to Filesystem Hierarchy Standard or FHS for short. Standards stand or fall by their adoption.",
      ...uses.slice(6),
    ].join("\n\n");
    const form = multipartForm([{ name: "file", fileName: "fhs-notes.md", data: Buffer.from(text) }]);
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/upload-document/file",
      headers: { ...carol.headers, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(201);
    for (const question of ["What does FHS stand for?", "what is fhs short for"]) {
      const reply: ChatMessage = (await ask(t, carol, question)).json().aiMessage;
      expect(reply.content, question).toMatch(/^(?:FHS|fhs) stands for Filesystem Hierarchy Standard\.\n\n/);
      expect(reply.citations, question).toHaveLength(1);
      expect(reply.citations![0]!.quote, question).toBe(
        "With the widening of scope, the name of the standard was changed to Filesystem Hierarchy Standard or FHS for short.",
      );
    }
    // Any other question about the same words is answered as before, without a spelt-out lead.
    const other: ChatMessage = (await ask(t, carol, "Where does the FHS put logs?")).json().aiMessage;
    expect(other.content).toMatch(/^From your materials/);
    // Words no page holds are named; only a student with no material is asked to upload some.
    const missing: ChatMessage = (await ask(t, carol, "What does NUMA stand for?")).json().aiMessage;
    expect(missing.content).toBe(
      'I couldn\'t find this in your materials. No page of your documents mentions "numa".',
    );
    const dave = await createUser(t.app);
    expect(((await ask(t, dave, "What does NUMA stand for?")).json().aiMessage as ChatMessage).content).toBe(
      "I couldn't find this in your materials. Upload your course materials in the Document Manager so I can answer from them.",
    );
    // 'goes' is how the question is put, not what it is about.
    const opt: ChatMessage = (await ask(t, carol, "What goes in /usr?")).json().aiMessage;
    expect(opt.citations![0]!.quote).toContain("places programs in /usr");
  });

  it("keeps history per student and per course, and clears it", async () => {
    const history: ChatMessage[] = (
      await t.app.inject({ method: "GET", url: "/api/chat", headers: ada.headers })
    ).json();
    expect(history.length).toBeGreaterThanOrEqual(4);
    expect(history[0]).toMatchObject({ isUser: true, content: "Where does photosynthesis take place?" });
    expect(history[1]!.isUser).toBe(false);
    await ask(t, ada, "What is mitosis?", { courseId: bio.id });
    const inCourse: ChatMessage[] = (
      await t.app.inject({ method: "GET", url: `/api/chat?courseId=${bio.id}`, headers: ada.headers })
    ).json();
    expect(inCourse.map((m) => m.content)[0]).toBe("What is mitosis?");
    expect(inCourse[1]!.citations![0]).toMatchObject({ page: 4 });
    const bobs = (await t.app.inject({ method: "GET", url: "/api/chat", headers: bob.headers })).json();
    expect(bobs).toEqual([]);
    const cleared = await t.app.inject({ method: "DELETE", url: "/api/chat", headers: ada.headers });
    expect(cleared.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/chat", headers: ada.headers })).json()).toEqual(
      [],
    );
    const stillInCourse = await t.app.inject({
      method: "GET",
      url: `/api/chat?courseId=${bio.id}`,
      headers: ada.headers,
    });
    expect(stillInCourse.json()).toHaveLength(2);
  });

  it("rejects blank and over-long messages, another student's course and a foreign userId", async () => {
    expect((await ask(t, ada, "   ")).statusCode).toBe(400);
    expect((await ask(t, ada, "x".repeat(4001))).statusCode).toBe(400);
    expect((await ask(t, bob, "What is ATP?", { courseId: bio.id })).statusCode).toBe(404);
    const history = await t.app.inject({
      method: "GET",
      url: `/api/chat?courseId=${bio.id}`,
      headers: bob.headers,
    });
    expect(history.statusCode).toBe(404);
    const foreign = await ask(t, bob, "hello", { userId: ada.user.id });
    expect(foreign.statusCode).toBe(403);
  });

  it("streams an answer over SSE, ending with both stored messages", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/chat/stream",
      headers: ada.headers,
      payload: { isUser: true, content: "What does the nucleus store?", timeZone: "UTC" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/event-stream");
    expect(res.body).toContain("event: delta");
    const done = /event: done\ndata: (.+)\n/.exec(res.body);
    const { aiMessage } = JSON.parse(done![1]!);
    expect(aiMessage.citations[0]).toMatchObject({ page: 1 });
  });
});

describe("chat rate limit", () => {
  it("answers 429 with a clear message past the per-student limit, answers and streams alike", async () => {
    const limited = await createTestApp({ clock, chatRateLimit: 2 });
    const stream = (who: TestUser) =>
      limited.app.inject({
        method: "POST",
        url: "/api/chat/stream",
        headers: who.headers,
        payload: { isUser: true, content: "hi", timeZone: "UTC" },
      });
    try {
      const who = await createUser(limited.app);
      const other = await createUser(limited.app);
      // A course that is not the student's is refused before the limit: it costs none of the budget.
      const theirs = await createCourse(limited.app, other, { name: "Chemistry" });
      expect((await ask(limited, who, "hi", { courseId: theirs.id })).statusCode).toBe(404);
      expect((await ask(limited, who, "hi")).statusCode).toBe(200);
      expect((await stream(who)).statusCode).toBe(200);
      for (const third of [await ask(limited, who, "hi"), await stream(who)]) {
        expect(third.statusCode).toBe(429);
        expect(third.json()).toMatchObject({ code: "rate_limited" });
        expect(third.json().error).toBe(
          "You have sent 2 messages in the last minute. Please wait a minute before asking again.",
        );
        expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
        expect(Number(third.headers["retry-after"])).toBeLessThanOrEqual(60);
      }
      // Per student, not per address: the same client address, another account.
      expect((await ask(limited, other, "hi")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 180_000);
});

describe("the OpenAI-compatible provider (fake server over HTTP)", () => {
  let fake: FakeOpenAi;
  let ai: TestApp;
  let who: TestUser;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ai = await createTestApp({ clock, openai: { baseUrl: fake.baseUrl, maxRetries: 0, timeoutMs: 5000 } });
    who = await createUser(ai.app);
    await addPdf(ai, who);
  }, 180_000);
  afterAll(async () => {
    await ai.close();
    await fake.close();
  });

  it("puts the retrieved chunks in the prompt, streams the answer and drops citations of unknown sources", async () => {
    fake.reply = "Photosynthesis takes place in the chloroplasts [1], as the slides say [7][42].";
    const res = await ai.app.inject({
      method: "POST",
      url: "/api/chat/stream",
      headers: who.headers,
      payload: { isUser: true, content: "Where does photosynthesis take place?", timeZone: "UTC" },
    });
    const request = fake.requests.at(-1)!;
    expect(request.stream).toBe(true);
    expect(request.model).toBe("gpt-4o");
    expect(request.messages[0]!.content).toContain("chlorophyll");
    expect(request.messages[0]!.content).toMatch(/\[1\] Document: cell-biology \(page 3\)/);
    const deltas = [...res.body.matchAll(/event: delta\ndata: (.+)\n/g)].map((m) => JSON.parse(m[1]!).text);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(fake.reply);
    const { aiMessage } = JSON.parse(/event: done\ndata: (.+)\n/.exec(res.body)![1]!);
    expect(aiMessage.provider).toBe("openai");
    expect(aiMessage.citations.map((c: { n: number }) => c.n)).toEqual([1]);
    expect(aiMessage.content).not.toContain("[42]");
    expect(aiMessage.content).not.toContain("[7]");
    // The answer says that two citations were taken out.
    expect(aiMessage.content).toMatch(
      /\(I removed 2 citations that did not match the passages found in your materials\.\)$/,
    );
    expect(aiMessage.citations[0]).toMatchObject({ page: 3, kind: "document" });
    const provider = await ai.app.inject({ method: "GET", url: "/api/chat/provider", headers: who.headers });
    expect(provider.json()).toMatchObject({ provider: "openai", model: "gpt-4o" });
  });

  it("drops a citation whose passage shares nothing with the sentence citing it, and says so", async () => {
    fake.reply =
      "Photosynthesis happens in the chloroplasts [1]. Volcanic basalt erupts beneath glaciers [1]. Nothing else.";
    const res = await ask(ai, who, "Where does photosynthesis take place?");
    expect(res.statusCode).toBe(200);
    const aiMessage: ChatMessage = res.json().aiMessage;
    expect(aiMessage.provider).toBe("openai");
    expect(aiMessage.content).toContain("chloroplasts [1].");
    expect(aiMessage.content).toContain("Volcanic basalt erupts beneath glaciers.");
    expect(aiMessage.content).toContain("(I removed one citation that did not match");
    expect(aiMessage.citations!.map((c) => c.n)).toEqual([1]);
    // An answer whose citations all hold says nothing of the kind.
    fake.reply = "Photosynthesis happens in the chloroplasts [1].";
    const clean: ChatMessage = (await ask(ai, who, "Where does photosynthesis take place?")).json().aiMessage;
    expect(clean.content).toBe("Photosynthesis happens in the chloroplasts [1].");
  });

  it("asks the model the student chose in Settings > AI, from the models the server offers", async () => {
    const save = (aiModel: string) =>
      ai.app.inject({
        method: "POST",
        url: "/api/settings",
        headers: who.headers,
        payload: { aiModel, theme: "light", autoSync: true, notificationsEnabled: true },
      });
    try {
      expect((await save("gpt-3.5-turbo")).statusCode).toBe(200);
      fake.reply = "In the chloroplasts [1].";
      expect((await ask(ai, who, "Where does photosynthesis take place?")).statusCode).toBe(200);
      expect(fake.requests.at(-1)!.model).toBe("gpt-3.5-turbo");
      const provider = await ai.app.inject({
        method: "GET",
        url: "/api/chat/provider",
        headers: who.headers,
      });
      expect(provider.json()).toMatchObject({ model: "gpt-3.5-turbo", models: ["gpt-4o", "gpt-3.5-turbo"] });
      const refused = await save("some-other-model");
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toContain("gpt-4o, gpt-3.5-turbo");
    } finally {
      await save("gpt-4o");
    }
  });

  it("falls back to the built-in engine with a note when the server fails", async () => {
    fake.failWith = 500;
    try {
      const res = await ask(ai, who, "Where does photosynthesis take place?");
      expect(res.statusCode).toBe(200);
      const aiMessage: ChatMessage = res.json().aiMessage;
      expect(aiMessage.provider).toBe("builtin");
      expect(aiMessage.note).toContain("built-in engine");
      expect(aiMessage.citations![0]).toMatchObject({ page: 3 });
      const test = await ai.app.inject({
        method: "POST",
        url: "/api/chat/provider/test",
        headers: who.headers,
      });
      expect(test.json()).toMatchObject({ ok: false, provider: "openai" });
    } finally {
      fake.failWith = null;
    }
  });
});
