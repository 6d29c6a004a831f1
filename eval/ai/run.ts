/**
 * npm run eval:ai: the AI evaluation of issue 24 (eval/ai/README.md). For each database it builds the app as
 * the API tests do, signs up a student, uploads every evaluation document through the HTTP API, asks every
 * question through POST /api/chat with no model configured (the built-in engine) and scores the citations;
 * then it checks summaries and flashcard drafts of every document against the written rubric (rubric.ts).
 *
 *   --db pglite|postgres   one database (default: PGlite, and PostgreSQL when it is reachable)
 *   --split dev|test       one split (default: both)
 *   --verbose              a line per dev question, and the rubric's findings per document
 *   --show-test-failures   also list the test questions the engine gets wrong (deliberately a separate flag:
 *                          look only when you are not changing the engine)
 *   --strict               exit 1 when a target is missed
 *   --questions-only       ask the questions and skip the summaries and drafts (a quicker loop while tuning
 *                          retrieval on dev; the rubric's targets then count as not run)
 *   --answers FILE         write every answer (content and citations), summary and draft, one JSON line each,
 *                          to FILE.<database>.jsonl: a change meant to keep the engine's output (a speed-up)
 *                          diffs the files of a run before and after it, not only the accuracies
 *   --help, -h             this list
 */
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "#server/app.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { CHAT_NOT_FOUND, type ChatMessage } from "#shared/chat/contract.ts";
import { SUMMARY_STYLES } from "#shared/constants.ts";
import type { DocumentText } from "#shared/materials/contract.ts";
import type { CardDraft } from "#shared/summaries/contract.ts";
import { createUser } from "#tests/factories.ts";
import { multipartForm } from "#tests/multipart-form.ts";
import { readWaitingUploads } from "#tests/read-uploads.ts";
import { scratchPostgres, testConfig } from "#tests/test-app.ts";
import { CORPUS, pageCount } from "./corpus.ts";
import {
  type DocumentProfile,
  documentBoilerplate,
  draftProblems,
  normalizeForMatch,
  profileDocument,
  sentenceProblems,
  summaryHeadings,
  summarySentences,
} from "./rubric.ts";
import {
  type CitedPage,
  count,
  emptyTally,
  isOffTopic,
  judge,
  parseQuestions,
  QUESTION_KINDS,
  type Question,
  ratio,
  share,
  type Tally,
  type Verdict,
} from "./score.ts";

const TARGETS = {
  first: 0.8,
  top3: 0.9,
  refusals: 0.95,
  summaries: 1,
  drafts: 0.8,
  draftsPerLongDocument: 10,
};
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";
const HERE = new URL("./", import.meta.url);
const SPLITS = ["dev", "test"] as const;
type Split = (typeof SPLITS)[number];

const OPTIONS = {
  db: { type: "string" },
  split: { type: "string" },
  verbose: { type: "boolean", default: false },
  "show-test-failures": { type: "boolean", default: false },
  strict: { type: "boolean", default: false },
  "questions-only": { type: "boolean", default: false },
  answers: { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

/** The options as this file's opening comment lists them, so --help and the comment cannot disagree. */
function usage(): string {
  const header = /\/\*\*([\s\S]*?)\*\//.exec(readFileSync(new URL(import.meta.url), "utf8"))?.[1] ?? "";
  const lines = header.split("\n").map((line) => line.replace(/^\s*\* ?/, ""));
  const first = lines.findIndex((line) => line.trim().startsWith("--"));
  return `Usage: npm run eval:ai -- [options]\n\n${lines.slice(first).join("\n").trimEnd()}`;
}

function readOptions() {
  try {
    return parseArgs({ options: OPTIONS });
  } catch (error) {
    // An unknown option was a stack trace from parseArgs; say what is wrong and what there is instead.
    fail(`${(error as Error).message}\n\n${usage()}`);
  }
}

const { values: options } = readOptions();
if (options.help) {
  console.log(usage());
  process.exit(0);
}
if (options.db && options.db !== "pglite" && options.db !== "postgres") fail("--db takes pglite or postgres");
if (options.split && !SPLITS.includes(options.split as Split)) fail("--split takes dev or test");
const splits: Split[] = options.split ? [options.split as Split] : [...SPLITS];

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------------
// One run over one database

interface Uploaded {
  file: string;
  source: "study" | "material";
  id: number;
  ms: number;
  pages: string[];
  profile: DocumentProfile;
}

interface Asked {
  split: Split;
  question: Question;
  verdict: Verdict;
  cited: CitedPage[];
  /** The answer as stored, for --answers. */
  answer: Pick<ChatMessage, "content" | "citations">;
  ms: number;
}

interface SummaryCheck {
  file: string;
  style: string;
  sentences: { text: string; problems: string[] }[];
  /** The summary as written, for --answers. */
  summary?: string;
  ms: number;
  error?: string;
}

interface DraftCheck {
  file: string;
  pages: number;
  cards: { card: CardDraft; problems: string[] }[];
  ms: number;
}

interface RunResult {
  database: string;
  uploaded: Uploaded[];
  asked: Asked[];
  summaries: SummaryCheck[];
  drafts: DraftCheck[];
  seconds: { setup: number; upload: number; questions: number; summaries: number; drafts: number };
}

type Session = { headers: Record<string, string> };

async function call<T>(
  app: FastifyInstance,
  session: Session,
  method: "GET" | "POST",
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json() as T;
}

/** Each page's text at its number's place, as the summarizer and drafts see a document. */
function pageTexts(doc: DocumentText): string[] {
  if (!doc.pages?.length) return [doc.content];
  const texts = Array.from({ length: Math.max(...doc.pages.map((p) => p.page)) }, () => "");
  for (const p of doc.pages) texts[p.page - 1] = doc.content.slice(p.start, p.end);
  return texts;
}

async function upload(
  app: FastifyInstance,
  session: Session,
  setId: number,
  file: string,
): Promise<Uploaded> {
  const data = readFileSync(new URL(`documents/${file}`, HERE));
  const started = performance.now();
  // Study-set documents get drafts; the study upload refuses some types (PPTX today), which then go to
  // course materials, the other store chat retrieval searches.
  const attempts = [
    { source: "study" as const, url: `/api/study/sets/${setId}/documents/upload` },
    { source: "material" as const, url: "/api/upload-document/file" },
  ];
  for (const { source, url } of attempts) {
    const form = multipartForm([{ name: "file", fileName: file, data }]);
    const res = await app.inject({
      method: "POST",
      url,
      headers: { ...session.headers, ...form.headers },
      payload: form.payload,
    });
    if (res.statusCode === 415 && source === "study") continue;
    if (res.statusCode !== 201) throw new Error(`upload ${file} to ${url}: ${res.statusCode} ${res.body}`);
    const ms = performance.now() - started;
    const { id, status } = res.json() as { id: number; status?: string };
    // PDF, Word and PowerPoint uploads are read by a background job: read it here, as the tests do.
    if (status === "processing") await readWaitingUploads(app);
    const text = await call<DocumentText>(app, session, "GET", `/api/document-text/${source}/${id}`);
    const pages = pageTexts(text);
    return { file, source, id, ms, pages, profile: profileDocument(pages) };
  }
  throw new Error(`upload ${file}: no store takes it`);
}

async function openApp(kind: "pglite" | "postgres", adminUrl: string) {
  let database: Database;
  let drop = async () => {};
  if (kind === "pglite") {
    database = await openDatabase({ dataDir: null });
  } else {
    const scratch = await scratchPostgres(adminUrl, "studyhall_eval");
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
    drop = scratch.drop;
  }
  // No model configured: the built-in engine answers. The chat limit is a per-minute guard for people.
  const app = await buildApp(testConfig({ chatRateLimit: 1_000_000 }), database);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

async function runOn(kind: "pglite" | "postgres", questions: Map<Split, Question[]>, adminUrl: string) {
  const t0 = performance.now();
  const { app, close } = await openApp(kind, adminUrl);
  const seconds = { setup: 0, upload: 0, questions: 0, summaries: 0, drafts: 0 };
  try {
    const student = await createUser(app);
    const set = await call<{ id: number }>(app, student, "POST", "/api/study/sets", { title: "Evaluation" });
    seconds.setup = (performance.now() - t0) / 1000;

    let t = performance.now();
    const uploaded: Uploaded[] = [];
    for (const doc of CORPUS) {
      const up = await upload(app, student, set.id, doc.file);
      if (!up.profile.text.toLowerCase().includes(normalizeForMatch(doc.definition).toLowerCase())) {
        throw new Error(
          `${doc.file} no longer contains its definition "${doc.definition}" (eval/ai/corpus.ts)`,
        );
      }
      uploaded.push(up);
    }
    seconds.upload = (performance.now() - t) / 1000;
    const byStore = new Map(uploaded.map((u) => [`${u.source}:${u.id}`, u.file]));

    t = performance.now();
    const asked: Asked[] = [];
    for (const [split, list] of questions) {
      for (const question of list) {
        const started = performance.now();
        const reply = await call<{ aiMessage: ChatMessage }>(app, student, "POST", "/api/chat", {
          isUser: true,
          content: question.question,
          timeZone: "UTC",
        });
        const ms = performance.now() - started;
        const cited = (reply.aiMessage.citations ?? [])
          .filter((c) => c.kind === "document")
          .map((c) => ({
            document: byStore.get(`${c.source ?? "material"}:${c.id}`) ?? null,
            page: c.page ?? 1,
          }));
        const refused = reply.aiMessage.content.includes(CHAT_NOT_FOUND);
        const answer = { content: reply.aiMessage.content, citations: reply.aiMessage.citations };
        asked.push({ split, question, verdict: judge(question, cited, refused), cited, answer, ms });
      }
    }
    seconds.questions = (performance.now() - t) / 1000;

    t = performance.now();
    const summaries: SummaryCheck[] = [];
    for (const doc of options["questions-only"] ? [] : uploaded) {
      for (const style of SUMMARY_STYLES) {
        const started = performance.now();
        try {
          const { summary } = await call<{ summary: string }>(
            app,
            student,
            "POST",
            "/api/summarize/document",
            {
              source: doc.source,
              id: doc.id,
              type: style,
            },
          );
          // A heading is not a sentence, but a boilerplate one ('## Copyright © 1998 ...') counts as a failure.
          const headings = summaryHeadings(summary)
            .map((text) => ({ text, why: documentBoilerplate(doc.profile, text) }))
            .filter((h) => h.why)
            .map((h) => ({ text: `## ${h.text}`, problems: [`heading is boilerplate: ${h.why}`] }));
          const sentences = summarySentences(summary).map((text) => ({
            text,
            problems: sentenceProblems(text, doc.profile),
          }));
          sentences.push(...headings);
          summaries.push({ file: doc.file, style, sentences, summary, ms: performance.now() - started });
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          summaries.push({ file: doc.file, style, sentences: [], ms: performance.now() - started, error });
        }
      }
    }
    seconds.summaries = (performance.now() - t) / 1000;

    t = performance.now();
    const drafts: DraftCheck[] = [];
    for (const doc of options["questions-only"] ? [] : uploaded) {
      const pages = pageCount(doc.pages.length, doc.pages.join("").length);
      const started = performance.now();
      const { cards } = await call<{ cards: CardDraft[] }>(
        app,
        student,
        "POST",
        doc.source === "study"
          ? `/api/study/documents/${doc.id}/flashcard-drafts`
          : `/api/documents/${doc.id}/flashcard-drafts`,
      );
      drafts.push({
        file: doc.file,
        pages,
        cards: cards.map((card) => ({ card, problems: draftProblems(card, doc.profile) })),
        ms: performance.now() - started,
      });
    }
    seconds.drafts = (performance.now() - t) / 1000;
    return {
      database: kind === "pglite" ? "PGlite" : "PostgreSQL",
      uploaded,
      asked,
      summaries,
      drafts,
      seconds,
    };
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Report

/** What the engine wrote, without timings: two runs of the same engine give the same file. */
function writeOutputs(path: string, result: RunResult): void {
  const lines = [
    ...result.asked.map((a) => ({ question: a.question.question, ...a.answer })),
    ...result.summaries.map((s) => ({ file: s.file, style: s.style, summary: s.summary, error: s.error })),
    ...result.drafts.map((d) => ({ file: d.file, drafts: d.cards.map((c) => c.card) })),
  ];
  writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  console.log(`  (answers, summaries and drafts written to ${path})`);
}

const mark = (met: boolean) => (met ? "met" : "MISSED");
const pad = (s: string, n: number) => s.padEnd(n);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function citedText(a: Asked): string {
  if (a.verdict.refused) return "refused";
  return a.cited.map((c) => `${c.document ?? "?"}:${c.page}`).join(", ") || "no citation";
}

function questionLine(a: Asked): string {
  const q = a.question;
  if (isOffTopic(q))
    return `  ${a.verdict.refused ? "ok  " : "FAIL"} ${pad(q.id, 15)} off-topic  ${q.question}  → ${citedText(a)}`;
  const flag = a.verdict.first ? "ok  " : a.verdict.top3 ? "top3" : "FAIL";
  const want = `${q.document}:${[q.page, ...(q.alsoPages ?? [])].join("|")}`;
  return `  ${flag} ${pad(q.id, 15)} ${pad(q.kind, 13)} ${q.question}\n         want ${want}  got ${citedText(a)}`;
}

/** Returns whether every test target was met. */
function report(result: RunResult): boolean {
  const { asked, uploaded, seconds } = result;
  const tallies = new Map<Split, Tally>();
  for (const a of asked) {
    const tally = tallies.get(a.split) ?? emptyTally();
    count(tally, a.question, a.verdict);
    tallies.set(a.split, tally);
  }
  const slowest = [...uploaded].sort((a, b) => b.ms - a.ms)[0];
  const latencies = asked.map((a) => a.ms);
  console.log(`\n── ${result.database} ${"─".repeat(70 - result.database.length)}`);
  console.log(
    `time: setup ${seconds.setup.toFixed(1)} s, upload ${seconds.upload.toFixed(1)} s (slowest ${slowest?.file} ` +
      `${((slowest?.ms ?? 0) / 1000).toFixed(1)} s), ${asked.length} questions ${seconds.questions.toFixed(1)} s ` +
      `(p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms), ` +
      `summaries ${seconds.summaries.toFixed(1)} s, drafts ${seconds.drafts.toFixed(1)} s`,
  );

  let allMet = true;
  console.log(`\n${pad("Retrieval", 24)}${splits.map((s) => pad(s, 20)).join("")}target (test)`);
  const rows: [string, (t: Tally) => [number, number], number][] = [
    ["first citation", (t) => [t.first, t.answered], TARGETS.first],
    ["top-3 citations", (t) => [t.top3, t.answered], TARGETS.top3],
    ["off-topic refusals", (t) => [t.refusals, t.offTopic], TARGETS.refusals],
  ];
  for (const [label, pick, target] of rows) {
    const cells = splits.map((s) => pad(ratio(...pick(tallies.get(s) ?? emptyTally())), 20));
    const test = tallies.get("test");
    let verdict = "(test not run)";
    if (test) {
      const met = share(...pick(test)) >= target;
      allMet &&= met;
      verdict = mark(met);
    }
    console.log(`  ${pad(label, 22)}${cells.join("")}>= ${(target * 100).toFixed(0)}%  ${verdict}`);
  }

  const dev = asked.filter((a) => a.split === "dev");
  if (dev.length) {
    const byKind = QUESTION_KINDS.map((kind) => {
      const of = dev.filter((a) => a.question.kind === kind);
      if (!of.length) return null;
      const first = of.filter((a) => a.verdict.first).length;
      const top3 = of.filter((a) => a.verdict.top3).length;
      return `${kind} ${first}/${top3}/${of.length}`;
    }).filter(Boolean);
    console.log(`  dev by kind (first/top-3/asked): ${byKind.join(", ")}`);
  }
  if (options.verbose && dev.length) {
    console.log("\nDev questions (ok: first citation right; top3: right page in the first three):");
    for (const a of dev) console.log(questionLine(a));
  }
  const test = asked.filter((a) => a.split === "test");
  if (options["show-test-failures"] && test.length) {
    const wrong = test.filter((a) => (isOffTopic(a.question) ? !a.verdict.refused : !a.verdict.first));
    console.log(`\nTest questions the engine gets wrong (${wrong.length}), shown on request:`);
    for (const a of wrong) console.log(questionLine(a));
  }

  if (options["questions-only"]) {
    console.log("\nQuality rubric: not run (--questions-only)");
    return false;
  }
  console.log("\nQuality rubric (every document)");
  const summaryLine = (checks: SummaryCheck[]) => {
    const sentences = checks.flatMap((c) => c.sentences);
    const complete = sentences.filter((s) => s.problems.length === 0).length;
    return { complete, total: sentences.length, errors: checks.filter((c) => c.error).length };
  };
  const perStyle = SUMMARY_STYLES.map((style) => {
    const line = summaryLine(result.summaries.filter((s) => s.style === style));
    return `${style} ${ratio(line.complete, line.total)}${line.errors ? ` (${line.errors} failed)` : ""}`;
  });
  const all = summaryLine(result.summaries);
  const summariesMet =
    all.errors === 0 && all.total > 0 && share(all.complete, all.total) >= TARGETS.summaries;
  allMet &&= summariesMet;
  console.log(`  summary sentences complete: ${perStyle.join(", ")}`);
  console.log(`    all ${ratio(all.complete, all.total)}   target 100%  ${mark(summariesMet)}`);

  const cards = result.drafts.flatMap((d) => d.cards);
  const passing = cards.filter((c) => c.problems.length === 0).length;
  const draftsMet = cards.length > 0 && share(passing, cards.length) >= TARGETS.drafts;
  allMet &&= draftsMet;
  console.log(
    `  flashcard drafts passing the rubric: ${ratio(passing, cards.length)}   target >= 80%  ${mark(draftsMet)}`,
  );
  const long = result.drafts.filter((d) => d.pages >= 10);
  const enough = long.filter(
    (d) => d.cards.filter((c) => c.problems.length === 0).length >= TARGETS.draftsPerLongDocument,
  );
  const longMet = enough.length === long.length;
  allMet &&= longMet;
  console.log(
    `  documents of 10+ pages with definitions giving 10+ passing drafts: ${enough.length}/${long.length}   ` +
      `target all  ${mark(longMet)}`,
  );
  for (const d of result.drafts) {
    const pass = d.cards.filter((c) => c.problems.length === 0).length;
    const what = `${pass} passing of ${d.cards.length} drafts`;
    console.log(`    ${pad(d.file, 30)} ${String(d.pages).padStart(3)} pages  ${what}`);
  }
  if (options.verbose) {
    console.log("\nRubric findings (first three per document and style):");
    for (const s of result.summaries) {
      const bad = s.sentences.filter((x) => x.problems.length);
      if (s.error) console.log(`  summary ${s.style} ${s.file}: ${s.error}`);
      for (const x of bad.slice(0, 3)) {
        console.log(`  summary ${s.style} ${s.file}: "${x.text.slice(0, 120)}" — ${x.problems.join("; ")}`);
      }
    }
    for (const d of result.drafts) {
      for (const c of d.cards.filter((x) => x.problems.length).slice(0, 3)) {
        console.log(
          `  draft ${d.file} p.${c.card.page}: Q "${c.card.question.slice(0, 80)}" A "${c.card.answer.slice(0, 80)}" — ${c.problems.join("; ")}`,
        );
      }
    }
  }
  return allMet;
}

// ---------------------------------------------------------------------------------------------------------

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const files = new Set(CORPUS.map((d) => d.file));
  const questions = new Map<Split, Question[]>();
  for (const split of splits) {
    const path = new URL(`questions.${split}.jsonl`, HERE);
    questions.set(split, parseQuestions(readFileSync(path, "utf8"), `questions.${split}.jsonl`, files));
  }
  const described = [...questions].map(([split, list]) => {
    const off = list.filter(isOffTopic).length;
    return `${split} ${list.length - off} + ${off} off-topic`;
  });
  console.log(
    `AI evaluation (issue 24): ${CORPUS.length} documents; ${described.join("; ")}. Targets apply to test.`,
  );

  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES;
  const kinds: ("pglite" | "postgres")[] = [];
  if (options.db !== "postgres") kinds.push("pglite");
  if (options.db === "postgres" || (!options.db && (await reachable(adminUrl)))) kinds.push("postgres");
  else if (!options.db)
    console.log(`(PostgreSQL skipped: nothing answers at ${adminUrl.replace(/\/\/[^@]*@/, "//")})`);

  let allMet = true;
  for (const kind of kinds) {
    const started = performance.now();
    const result = await runOn(kind, questions, adminUrl);
    if (options.answers) writeOutputs(`${options.answers}.${kind}.jsonl`, result);
    allMet = report(result) && allMet;
    console.log(`  (${result.database} run: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  if (options.strict && !allMet) process.exit(1);
  // The extraction and engine worker pools do not keep the process alive, but pg's pool timers might.
  process.exit(0);
}

await main();
