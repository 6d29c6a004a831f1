// The assistant's built-in engine at scale: a student with --docs documents (default 300, about 20,000
// chunks) and --tasks tasks (default 2,000). Prints p50/p99 of a whole answer (POST /api/chat, in process)
// for material and for task questions, beside the bare ranked FTS query run by hand with the same terms
// (the baseline; target: the answer's throughput >= 0.5x the baseline's, i.e. baseline p50 / answer p50),
// EXPLAIN ANALYZE of the retrieval query (it must use the GIN index) and the server's memory.
// Runs PGlite, then PostgreSQL (a scratch database on BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), each in its own process so memory is the run's own.
// Usage: npm run bench:chat [-- --docs 300 --tasks 2000 --samples 300 --warmup 100 --topics 48
//        --db pglite|postgres]
// A quick run: CHAT_BENCH_DOCS=30 npm run bench:chat
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { documentChunks } from "#server/db/schema/chat.ts";
import { courseDocuments } from "#server/db/schema/materials.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import { documentChunksOf } from "#server/features/chat/retrieval.service.ts";
import { questionTerms, toTsQuery } from "#server/integrations/ai/builtin/query.ts";
import { createTestApp } from "#tests/test-app.ts";
import { benchArgs } from "./args.ts";

const args = benchArgs({
  numbers: { docs: Number(process.env.CHAT_BENCH_DOCS ?? 300), tasks: 2000, samples: 300, warmup: 100 },
  strings: ["db"],
});
const DOCS = args.docs;
const TASKS = args.tasks;
const SAMPLES = args.samples;
const WARMUP = args.warmup;
const ONLY = args.db;

if (!process.env.CHAT_BENCH_CHILD && !ONLY) {
  // Parent: one child per database.
  for (const kind of ["pglite", "postgres"]) {
    const env: NodeJS.ProcessEnv = { ...process.env, CHAT_BENCH_CHILD: "1" };
    if (kind === "postgres") {
      env.TEST_DB = "postgres";
      env.TEST_DATABASE_URL =
        process.env.BENCH_DATABASE_URL ??
        process.env.TEST_DATABASE_URL ??
        "postgres://postgres@127.0.0.1:5432/test";
    } else delete env.TEST_DB;
    const run = spawnSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, ...process.argv.slice(2)],
      {
        env,
        stdio: "inherit",
      },
    );
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  process.exit(0);
}
if (ONLY === "postgres") {
  process.env.TEST_DB = "postgres";
  process.env.TEST_DATABASE_URL ??=
    process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
} else if (ONLY === "pglite") delete process.env.TEST_DB;

// A student's library covers many subjects: each page is about one of these (rotating through them),
// so a question's words match a few percent of the chunks, as in real course material. `--topics 8`
// gives the dense case where every word of a question is on an eighth of all pages.
const ALL_TOPICS = [
  "photosynthesis chloroplast chlorophyll light energy glucose",
  "mitochondria respiration ATP glycolysis oxygen krebs",
  "membrane diffusion osmosis transport protein channel",
  "neuron synapse potential sodium potassium signal",
  "enzyme substrate catalyst activation energy reaction",
  "genetics allele dominant recessive inheritance mendel",
  "revolution monarchy parliament treaty empire war",
  "market demand supply elasticity price equilibrium",
  "volcano magma tectonic plate eruption crust",
  "glacier erosion sediment moraine valley ice",
  "atom electron proton neutron nucleus orbital",
  "acid base titration buffer ph indicator",
  "polymer monomer plastic chain ethylene synthesis",
  "velocity acceleration momentum newton force friction",
  "circuit resistor capacitor voltage current ohm",
  "wave frequency amplitude wavelength interference diffraction",
  "telescope galaxy nebula supernova orbit planet",
  "vaccine antibody antigen immunity lymphocyte pathogen",
  "ecosystem predator prey niche biodiversity habitat",
  "evolution darwin selection fossil species adaptation",
  "algorithm sorting recursion complexity quicksort heap",
  "database query index transaction schema relational",
  "network packet router protocol latency bandwidth",
  "compiler parser grammar token syntax lexer",
  "matrix eigenvalue vector determinant linear basis",
  "integral derivative limit calculus tangent slope",
  "probability variance distribution bayes sample estimator",
  "sonnet poem meter rhyme stanza verse",
  "novel narrator protagonist plot chapter character",
  "renaissance painting fresco perspective florence patron",
  "feudalism vassal manor knight serf lord",
  "colonialism colony trade spice navy merchant",
  "inflation interest bank monetary currency reserve",
  "tariff export import globalization quota subsidy",
  "democracy election senate constitution vote citizen",
  "philosophy ethics virtue kant utilitarian duty",
  "psychology memory cognition perception attention stimulus",
  "sociology culture norm institution class inequality",
  "grammar verb noun clause conjugation tense",
  "harmony melody chord rhythm scale tempo",
  "climate carbon emission greenhouse warming methane",
  "ocean current salinity tide reef plankton",
  "soil nitrogen fertilizer crop harvest irrigation",
  "bridge beam load stress concrete steel",
  "engine combustion piston fuel turbine exhaust",
  "hormone insulin gland thyroid pituitary endocrine",
  "kidney nephron urine filtration bladder renal",
  "heart artery vein ventricle blood pressure",
];
const TOPICS = ALL_TOPICS.slice(0, benchArgs({ numbers: { topics: ALL_TOPICS.length } }).topics);
const FILLER = "the student reads about this topic in the course and takes careful notes for the exam".split(
  " ",
);

const SECTION_PAGES = 8;

/** A page of about 250 words around one topic; 67 pages make a document of ~67 chunks. */
function page(doc: number, p: number): string {
  // A document keeps to one subject for a section of SECTION_PAGES pages, as course material does.
  const topic = TOPICS[(doc * 7 + Math.floor(p / SECTION_PAGES)) % TOPICS.length]!.split(" ");
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
const fmt = (r: { p50: number; p99: number }) => `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
async function time(n: number, run: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run(i);
    ms.push(performance.now() - start);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

// As in production: answers are not checked against their schema (CHECK_RESPONSES is off by default).
const t = await createTestApp({ chatRateLimit: 1_000_000, checkResponses: false });
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
// Bulk SQL, not the API: the answer path is what is measured, and 20,000 chunks through the upload
// route would take minutes. The chunks are cut by the same chunker an upload uses.
const DOC_BATCH = 20;
for (let d0 = 0; d0 < DOCS; d0 += DOC_BATCH) {
  const docs = Array.from({ length: Math.min(DOC_BATCH, DOCS - d0) }, (_, k) => {
    const pages = Array.from({ length: pagesPerDoc }, (_, p) => page(d0 + k, p + 1));
    let offset = 0;
    const ranges = pages.map((text, i) => {
      const r = { page: i + 1, start: offset, end: offset + text.length };
      offset += text.length + 2;
      return r;
    });
    return { title: `doc-${d0 + k}`, content: pages.join("\n\n"), pages: ranges };
  });
  const chunked = docs.map((doc) => documentChunksOf(doc.content, doc.pages));
  // The chunk count an upload stores with its document (retrieval.repo.ts replaceChunks).
  const inserted = await db
    .insert(courseDocuments)
    .values(
      docs.map((doc, k) => ({
        userId,
        type: "reading",
        fileType: "pdf",
        ...doc,
        chunkCount: chunked[k]!.length,
      })),
    )
    .returning({ id: courseDocuments.id });
  const rows = inserted.flatMap(({ id }, k) =>
    chunked[k]!.map((c) => ({
      userId,
      source: "material" as const,
      materialId: id,
      courseId: null,
      ...c,
    })),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insert(documentChunks).values(rows.slice(i, i + 500));
}
const taskRows = Array.from({ length: TASKS }, (_, i) => ({
  userId,
  title: `${i % 10 === 0 ? "Quiz" : "Assignment"} ${i}`,
  dueDate: new Date(Date.now() + (i - TASKS / 4) * 3_600_000 * 3),
  completed: i % 7 === 0,
}));
for (let i = 0; i < taskRows.length; i += 500) await db.insert(tasks).values(taskRows.slice(i, i + 500));
await db.execute(sql`analyze`);
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

let peakRss = 0;
const sampleMemory = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const tsQueryOf = (q: string) => toTsQuery(questionTerms(q));
// The baseline as issue 24 measured it when filed (ts_rank_cd). The engine ranks its candidates with the
// cheaper ts_rank since (retrieval.repo.ts): the same bare query with ts_rank is printed beside it, so
// the ratio against the search the engine runs now is there too.
const bareWith = (rank: "ts_rank_cd" | "ts_rank") => (q: string) =>
  db.execute(sql`select id, ${sql.raw(rank)}(search, to_tsquery('english', ${tsQueryOf(q)}), 32) as rank
    from document_chunks where user_id = ${userId} and search @@ to_tsquery('english', ${tsQueryOf(q)})
    order by rank desc limit 8`);
const bare = bareWith("ts_rank_cd");
const bareTsRank = bareWith("ts_rank");

// Warm-up, both sides alike: the language model loads once, each plan is cached, and the code the answer
// runs is compiled by V8's optimising tiers, as in a server that has been answering for a while. With four
// warm-up questions, the first hundred samples' p50 was up to a third slower than the next thousand's
// (PGlite, 60 documents: 3.8-4.3 ms against 3.0 ms) and moved that much from run to run.
for (let i = 0; i < WARMUP; i++) {
  const q = MATERIAL[i % MATERIAL.length]!;
  await ask(q);
  await bare(q);
  await bareTsRank(q);
}
// Interleaved, so a busy moment of the machine slows both sides alike.
const answerMs: number[] = [];
const bareMs: number[] = [];
const bareTsRankMs: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const q = MATERIAL[i % MATERIAL.length]!;
  let start = performance.now();
  await bare(q);
  bareMs.push(performance.now() - start);
  start = performance.now();
  await bareTsRank(q);
  bareTsRankMs.push(performance.now() - start);
  start = performance.now();
  const res = await ask(q);
  answerMs.push(performance.now() - start);
  if (res.statusCode !== 200) throw new Error(`POST /api/chat answered ${res.statusCode}: ${res.body}`);
}
const material = { p50: percentile(answerMs, 50), p99: percentile(answerMs, 99) };
const baseline = { p50: percentile(bareMs, 50), p99: percentile(bareMs, 99) };
const baselineTsRank = { p50: percentile(bareTsRankMs, 50), p99: percentile(bareTsRankMs, 99) };
const taskAnswers = await time(SAMPLES, (i) => ask(TASK_QUESTIONS[i % TASK_QUESTIONS.length]!));
clearInterval(sampleMemory);

const explain = async (q: string) => {
  const plan = await db.execute(
    sql`explain (analyze, costs off) select id, ts_rank_cd(search, to_tsquery('english', ${tsQueryOf(q)}), 32) as rank
      from document_chunks where user_id = ${userId} and search @@ to_tsquery('english', ${tsQueryOf(q)})
      order by rank desc limit 8`,
  );
  return (plan as unknown as { rows: Record<string, string>[] }).rows
    .map((r) => Object.values(r)[0])
    .join("\n");
};
const plans = await Promise.all(MATERIAL.map(explain));

console.log(
  `database: ${process.env.TEST_DB === "postgres" ? "PostgreSQL" : "PGlite"}, ${SAMPLES} samples each after ${WARMUP} warm-up rounds`,
);
console.log(`material answer: ${fmt(material)}`);
console.log(`task answer:     ${fmt(taskAnswers)}`);
console.log(
  `bare FTS query:  ${fmt(baseline)}   (baseline: the ranked query alone, same terms, interleaved)`,
);
console.log(
  `throughput ratio (baseline p50 / answer p50): ${(baseline.p50 / material.p50).toFixed(2)} (target >= 0.5)`,
);
console.log(
  `bare, ts_rank:   ${fmt(baselineTsRank)}   (the engine's rank function); ratio ${(baselineTsRank.p50 / material.p50).toFixed(2)}`,
);
console.log(`task answers, same ratio (information only): ${(baseline.p50 / taskAnswers.p50).toFixed(2)}`);
console.log(
  `plans use the GIN index: ${plans.filter((p) => p.includes("document_chunks_search_idx")).length} of ${plans.length} questions`,
);
console.log(`EXPLAIN ANALYZE, "${MATERIAL[0]}":\n${plans[0]}`);
const { rss, heapUsed } = process.memoryUsage();
console.log(
  `server memory (the process holds the app${process.env.TEST_DB === "postgres" ? "" : " and PGlite"}): peak rss ${(peakRss / 1e6).toFixed(0)} MB, rss ${(rss / 1e6).toFixed(0)} MB, heap ${(heapUsed / 1e6).toFixed(0)} MB`,
);
await t.close();
