// The assistant's built-in engine at scale: a student with --docs documents (default 300, about 20,000
// chunks) and --tasks tasks (default 2,000). Prints p50/p99 of a whole answer (POST /api/chat, in process)
// for material and for task questions, beside the bare ranked FTS query run by hand with the same terms
// (the baseline), the EXPLAIN plan (it must use the GIN index) and the server's memory.
// Usage: npm run bench:chat [-- --docs 300 --tasks 2000 --samples 50]; set TEST_DB=postgres and
// TEST_DATABASE_URL to run on PostgreSQL (a scratch database is created and dropped).
import { sql } from "drizzle-orm";
import { questionTerms, toTsQuery } from "#server/integrations/ai/builtin/query.ts";
import { createTestApp } from "#tests/test-app.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DOCS = arg("docs", 300);
const TASKS = arg("tasks", 2000);
const SAMPLES = arg("samples", 50);

const TOPICS = [
  "photosynthesis chloroplast chlorophyll light energy glucose",
  "mitochondria respiration ATP glycolysis oxygen krebs",
  "membrane diffusion osmosis transport protein channel",
  "neuron synapse potential sodium potassium signal",
  "enzyme substrate catalyst activation energy reaction",
  "genetics allele dominant recessive inheritance mendel",
  "revolution monarchy parliament treaty empire war",
  "market demand supply elasticity price equilibrium",
];
const FILLER = "the student reads about this topic in the course and takes careful notes for the exam".split(
  " ",
);

/** A page of about 250 words around one topic; 67 pages make a document of ~67 chunks. */
function page(doc: number, p: number): string {
  const topic = TOPICS[(doc + p) % TOPICS.length]!.split(" ");
  const words: string[] = [];
  for (let i = 0; i < 250; i++)
    words.push(i % 5 === 0 ? topic[(i / 5 + p) % topic.length]! : FILLER[i % FILLER.length]!);
  const sentences: string[] = [];
  for (let i = 0; i < words.length; i += 15) sentences.push(`${words.slice(i, i + 15).join(" ")}.`);
  return `Section ${p} of document ${doc}. ${sentences.join(" ")}`;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
async function time(n: number, run: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run(i);
    ms.push(performance.now() - start);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

const t = await createTestApp({ chatRateLimit: 1_000_000 });
const db = t.database.db;
const reg = await t.app.inject({
  method: "POST",
  url: "/api/auth/register",
  payload: {
    email: "bench@school.edu",
    password: "study-hard-1",
    firstName: "B",
    lastName: "C",
    username: "benchuser",
  },
});
const { token, user } = reg.json();
const headers = { authorization: `Bearer ${token}` };
const userId: number = user.id;

const loadStart = performance.now();
const pagesPerDoc = 67;
for (let d = 0; d < DOCS; d++) {
  const pages = Array.from({ length: pagesPerDoc }, (_, p) => page(d, p + 1));
  let offset = 0;
  const ranges = pages.map((text, i) => {
    const r = { page: i + 1, start: offset, end: offset + text.length };
    offset += text.length + 2;
    return r;
  });
  const content = pages.join("\n\n");
  const material = await t.app.services.materials.create(userId, {
    fileName: `doc-${d}.txt`,
    content,
    type: "reading",
  });
  // Re-index with pages, as an uploaded PDF would be.
  await t.app.services.retrieval.index(userId, {
    source: "material",
    documentId: material.id,
    courseId: null,
    content,
    pages: ranges,
  });
}
for (let i = 0; i < TASKS; i++) {
  const due = new Date(Date.now() + (i - TASKS / 4) * 3_600_000 * 3).toISOString();
  await t.app.services.tasks.create(userId, {
    title: `${i % 10 === 0 ? "Quiz" : "Assignment"} ${i}`,
    description: "",
    dueDate: due,
    priority: "medium",
    courseId: null,
  } as never);
}
const chunks = await t.app.services.retrieval.countChunks(userId);
console.log(
  `loaded ${DOCS} documents (${chunks} chunks) and ${TASKS} tasks in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
);

const MATERIAL = [
  "Where does photosynthesis happen in the chloroplast?",
  "How does the sodium potassium pump keep the neuron potential?",
  "What is the price elasticity of demand?",
  "What does an enzyme do to the activation energy?",
];
const TASK_QUESTIONS = [
  "What is due this week?",
  "Is anything overdue?",
  "When is my next quiz?",
  "What is due tomorrow?",
];
const ask = (content: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/chat",
    headers,
    payload: { isUser: true, content, timeZone: "UTC" },
  });

await ask(MATERIAL[0]!); // loads the language model once
const material = await time(SAMPLES, (i) => ask(MATERIAL[i % MATERIAL.length]!));
const tasks = await time(SAMPLES, (i) => ask(TASK_QUESTIONS[i % TASK_QUESTIONS.length]!));
const bare = (q: string) =>
  db.execute(sql`select id, ts_rank_cd(search, to_tsquery('english', ${toTsQuery(questionTerms(q))}), 32) as rank
    from document_chunks where user_id = ${userId} and search @@ to_tsquery('english', ${toTsQuery(questionTerms(q))})
    order by rank desc limit 8`);
const baseline = await time(SAMPLES, (i) => bare(MATERIAL[i % MATERIAL.length]!));
const plan = await db.execute(
  sql`explain select id from document_chunks where user_id = ${userId} and search @@ to_tsquery('english', ${toTsQuery(questionTerms(MATERIAL[0]!))})`,
);
const planText = (plan as unknown as { rows: Record<string, string>[] }).rows
  .map((r) => Object.values(r)[0])
  .join("\n");

const fmt = (r: { p50: number; p99: number }) => `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
console.log(`database: ${process.env.TEST_DB === "postgres" ? "PostgreSQL" : "PGlite"}`);
console.log(`material answer: ${fmt(material)}`);
console.log(`task answer:     ${fmt(tasks)}`);
console.log(`bare FTS query:  ${fmt(baseline)}`);
console.log(
  `throughput ratio (baseline p50 / answer p50): ${(baseline.p50 / material.p50).toFixed(2)} (target >= 0.5)`,
);
console.log(`plan uses the GIN index: ${planText.includes("document_chunks_search_idx")}`);
console.log(planText);
console.log(
  `server memory: rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
);
await t.close();
