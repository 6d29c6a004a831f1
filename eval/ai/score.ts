import { z } from "zod";

/** How the questions of the evaluation are written and scored (eval/ai/README.md). */

export const QUESTION_KINDS = [
  "definition",
  "yes-no",
  "which",
  "when",
  "how-many",
  "paraphrase",
  "near-verbatim",
  "typo",
  "word-form",
] as const;

const idField = z.string().regex(/^[a-z0-9-]+$/, "ids are lower-case words joined by dashes");

const answeredSchema = z.strictObject({
  id: idField,
  document: z.string().min(1),
  page: z.number().int().positive(),
  /** Other pages that state the same answer; a citation of one of them counts as right. */
  alsoPages: z.array(z.number().int().positive()).optional(),
  question: z.string().min(1),
  kind: z.enum(QUESTION_KINDS),
  answerHint: z.string().min(1),
});

const offTopicSchema = z.strictObject({
  id: idField,
  offTopic: z.literal(true),
  question: z.string().min(1),
  kind: z.literal("off-topic"),
});

export const questionSchema = z.union([answeredSchema, offTopicSchema]);
export type AnsweredQuestion = z.infer<typeof answeredSchema>;
export type OffTopicQuestion = z.infer<typeof offTopicSchema>;
export type Question = AnsweredQuestion | OffTopicQuestion;

export const isOffTopic = (q: Question): q is OffTopicQuestion => "offTopic" in q;

/** The questions of one JSONL file; `_comment` lines are skipped, anything malformed throws with its line. */
export function parseQuestions(jsonl: string, file: string, documents?: ReadonlySet<string>): Question[] {
  const questions: Question[] = [];
  const ids = new Set<string>();
  jsonl.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${where}: not JSON`);
    }
    if (value && typeof value === "object" && "_comment" in value) return;
    const parsed = questionSchema.safeParse(value);
    if (!parsed.success)
      throw new Error(`${where}: ${parsed.error.issues[0]?.message ?? "invalid question"}`);
    const q = parsed.data;
    if (ids.has(q.id)) throw new Error(`${where}: duplicate id ${q.id}`);
    if (!isOffTopic(q) && documents && !documents.has(q.document)) {
      throw new Error(`${where}: unknown document ${q.document}`);
    }
    ids.add(q.id);
    questions.push(q);
  });
  return questions;
}

/** A document citation of an answer, resolved to the evaluation document it points at (null: another one). */
export interface CitedPage {
  document: string | null;
  page: number;
}

export interface Verdict {
  /** The first citation is the right document and page. */
  first: boolean;
  /** The right document and page is among the first three citations. */
  top3: boolean;
  /** The answer is the engine's "couldn't find" message. */
  refused: boolean;
}

function rightPage(q: AnsweredQuestion, cited: CitedPage): boolean {
  return cited.document === q.document && (cited.page === q.page || (q.alsoPages ?? []).includes(cited.page));
}

/** How one answer scores. For an off-topic question only `refused` matters. */
export function judge(q: Question, cited: readonly CitedPage[], refused: boolean): Verdict {
  if (isOffTopic(q)) return { first: false, top3: false, refused };
  const first = cited[0] ? rightPage(q, cited[0]) : false;
  const top3 = cited.slice(0, 3).some((c) => rightPage(q, c));
  return { first, top3, refused };
}

export interface Tally {
  answered: number;
  first: number;
  top3: number;
  offTopic: number;
  refusals: number;
}

export const emptyTally = (): Tally => ({ answered: 0, first: 0, top3: 0, offTopic: 0, refusals: 0 });

export function count(tally: Tally, q: Question, v: Verdict): void {
  if (isOffTopic(q)) {
    tally.offTopic += 1;
    if (v.refused) tally.refusals += 1;
    return;
  }
  tally.answered += 1;
  if (v.first) tally.first += 1;
  if (v.top3) tally.top3 += 1;
}

/** 'n/d  xx.x%' (or 'n/a' with nothing to count). */
export function ratio(n: number, d: number): string {
  return d === 0 ? "n/a" : `${n}/${d}  ${((100 * n) / d).toFixed(1)}%`;
}

export const share = (n: number, d: number): number => (d === 0 ? 0 : n / d);
