import { expansionIn } from "./acronym.ts";
import type { QuestionTerm } from "./query.ts";
import { pageBlocks } from "./structure.ts";
import { words } from "./text.ts";

/**
 * Which passages answer a question, among the candidates full-text search found. PostgreSQL's ts_rank
 * only counts how often the question's words occur, so a passage that repeats a common
 * word ('file', 'type') beat the one passage that holds the question's rare words. This re-ranks with
 * what a search engine weighs, all derived from the student's own material and never from a question
 * list: BM25 with each term's IDF over the student's passages, extra weight for a term in the document's
 * title or a heading of the passage, and a boost when question words stand together in the passage
 * (a phrase, or within a few words). Coverage, the IDF-weighted share of the question the passage
 * holds, says whether it answers the question at all.
 */

export interface TermStatistics {
  /** Passages the student has (in the searched scope). */
  passages: number;
  /** Passages holding each term, by stem. */
  documentFrequency: ReadonlyMap<string, number>;
}

export interface Candidate {
  text: string;
  title: string;
}

export type Ranked<T> = T & {
  /** IDF-weighted share of the question's terms the passage (or its title) holds, 0..1. */
  coverage: number;
  score: number;
};

const K1 = 1.2;
const B = 0.75;
/** A term in the document's title or a heading of the passage counts this much more than in its body. */
const FIELD_WEIGHT = 0.6;
/** Question words this close in the passage (in content words) read as one idea. */
const NEAR = 4;
const PROXIMITY_WEIGHT = 0.5;
/** Two question words side by side in the question's order (stop words aside): a phrase of it. */
const PHRASE_WEIGHT = 0.5;
/** A passage that states what the asked term is, for a question asking what it is. */
const DEFINES_BOOST = 1.5;

/** 'What is X?', 'What are X?', 'Define X', 'What does X mean?', 'meaning of X'. */
const DEFINITION_QUESTION =
  /^\s*(?:what|who)(?:'s|\s+(?:is|are|was|were)\b)|\bdefin(?:e|ition)\b|\bmean(?:s|ing)?\b/i;

export function isDefinitionQuestion(question: string): boolean {
  return DEFINITION_QUESTION.test(question);
}

/**
 * What kind of thing a question asks for, read from its form: a file, a function, a command or option,
 * a count, a time. The passage that answers such a question holds one (a file name, a call, a command
 * line, a number, a date), which a passage that only shares its words does not.
 */
export type AnswerKind = "file" | "function" | "command" | "count" | "time";
const ASKS_FOR: [AnswerKind, RegExp][] = [
  [
    "file",
    /\b(?:which|what)\s+(?:\w+\s+)?(?:file|header|directory|folder|path|extension)s?\b|\bwhere\b.*\b(?:stored|kept|put|placed|located)\b/i,
  ],
  [
    "function",
    /\b(?:which|what)\s+(?:\w+\s+)?(?:function|method|routine|call|macro|type|class|variable)s?\b/i,
  ],
  [
    "command",
    /\b(?:which|what)\s+(?:\w+\s+)?(?:command|option|flag|switch|tool|program|utility|key)s?\b|\bhow\s+do\s+i\s+(?:run|invoke|start|call)\b/i,
  ],
  ["count", /\bhow\s+(?:many|much|long|big|large|often)\b|\bwhat\s+(?:number|size|length|limit)\b/i],
  ["time", /^\s*when\b|\bwhat\s+(?:year|date|time|day)\b|\bhow\s+soon\b/i],
];
const HOLDS: Record<AnswerKind, RegExp> = {
  file: /(?:\b[\w-]+\.[a-z][a-z0-9]{0,4}\b|(?:^|\s)\/[\w.-]+|<[\w./-]+\.h>)/im,
  function: /\b[a-z_][\w]*\s*\(|\b[a-z]+_[a-z_0-9]+\b|\b[a-z]+[A-Z]\w+\b/,
  command: /(?:^|\n)\s*[$#%>]\s+\S|\s-{1,2}[a-z][\w-]*\b|\b[a-z0-9]+\s+\[[^\]]+\]/i,
  count:
    /\b\d+\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|single|several|dozen)\b/i,
  time: /\b(?:1[6-9]\d\d|20\d\d)\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|before|after|during|until|once|first|then|when|while|time|boot|startup)\b/i,
};
/** A passage holding what the question asks for counts this much more. */
const KIND_BOOST = 1.2;
/** The passage that spells out the abbreviation asked about: the answer, however often others use it. */
const EXPANDS_BOOST = 3;

export function answerKind(question: string): AnswerKind | null {
  return ASKS_FOR.find(([, asks]) => asks.test(question))?.[0] ?? null;
}

/**
 * Whether the passage defines one of the terms: 'X is/are/means/refers to ...', a glossary line 'X: ...'
 * or 'X - ...', or a heading that is the term.
 */
// A term's word is letters, marks and digits only (query.ts), so it needs no escaping inside a pattern.
function definitionPattern(word: string): RegExp {
  return new RegExp(
    `\\b${word}\\w{0,3}\\b(?:\\s+\\S+){0,2}?\\s+(?:is|are|means|refers\\s+to|denotes|stands\\s+for|is\\s+defined\\s+as)\\b|^\\s*\\S*${word}\\w{0,3}\\s*(?::|\\s-|\\s–)\\s`,
    "im",
  );
}

/** The patterns, with the keys their findings are kept under (passageTest), once per question. */
function definitionPatterns(terms: readonly QuestionTerm[]) {
  const named = terms.filter((t) => !t.number && t.word.length > 2);
  return {
    named,
    patterns: named.map((t) => definitionPattern(t.word)),
    keys: named.map((t) => `defines:${t.word}`),
  };
}

/**
 * Where the passage states what one of the terms is ('X is ...', 'X: ...'), as an offset into it; for the
 * sentence to quote first. Undefined when no sentence does.
 */
export function definitionAt(terms: readonly QuestionTerm[], text: string): number | undefined {
  const at = definitionPatterns(terms)
    .patterns.map((p) => p.exec(text)?.index ?? -1)
    .filter((i) => i >= 0);
  return at.length ? Math.min(...at) : undefined;
}

function defines(
  passage: PassageTerms,
  text: string,
  { named, patterns, keys }: ReturnType<typeof definitionPatterns>,
): boolean {
  if (named.some((t) => passage.headings.has(t.stem))) return true;
  return patterns.some((p, i) => passageTest(passage, keys[i]!, p, text));
}

/** Robertson–Spärck Jones IDF as BM25 uses it, never negative; a term no passage holds weighs most. */
export function idf(stats: TermStatistics, stem: string): number {
  const n = Math.max(stats.passages, 1);
  const df = Math.min(stats.documentFrequency.get(stem) ?? 0, n);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

interface PassageTerms {
  /** Positions of each stem among the passage's content words (how many: its count). */
  positions: Map<string, number[]>;
  length: number;
  headings: Set<string>;
  /**
   * What the passage's text was found to hold (a kind of answer, a definition of a word), by test: the
   * same passages come back question after question and each test reads the whole text. At most
   * TESTS_KEPT a passage (the words asked about it vary without end).
   */
  tests: Map<string, boolean>;
}

const TESTS_KEPT = 64;

function passageTest(
  passage: PassageTerms,
  key: string,
  pattern: RegExp | ((text: string) => boolean),
  text: string,
): boolean {
  let held = passage.tests.get(key);
  if (held === undefined) {
    held = typeof pattern === "function" ? pattern(text) : pattern.test(text);
    if (passage.tests.size >= TESTS_KEPT) passage.tests.clear();
    passage.tests.set(key, held);
  }
  return held;
}

/** Passages come back for question after question: their analysis is kept, least recently used out. */
const ANALYSED = 2_000;
const analysed = new Map<string, PassageTerms>();

function passageTerms(text: string): PassageTerms {
  const known = analysed.get(text);
  if (known) {
    analysed.delete(text);
    analysed.set(text, known);
    return known;
  }
  const positions = new Map<string, number[]>();
  let length = 0;
  for (const w of words(text)) {
    if (!w.content) continue;
    const at = positions.get(w.stem);
    if (at) at.push(length);
    else positions.set(w.stem, [length]);
    length++;
  }
  const headings = new Set(
    pageBlocks(text)
      .filter((b) => b.kind === "heading")
      .flatMap((b) =>
        words(b.text)
          .filter((w) => w.content)
          .map((w) => w.stem),
      ),
  );
  const entry = { positions, length, headings, tests: new Map<string, boolean>() };
  analysed.set(text, entry);
  if (analysed.size > ANALYSED) analysed.delete(analysed.keys().next().value!);
  return entry;
}

/** A title's stems, by title: the same few titles come with every question. Emptied whole when full. */
const titles = new Map<string, Set<string>>();
const KEPT_TITLES = 2_000;

function titleStems(title: string): Set<string> {
  let stems = titles.get(title);
  if (!stems) {
    stems = new Set(
      words(title)
        .filter((w) => w.content)
        .map((w) => w.stem),
    );
    if (titles.size >= KEPT_TITLES) titles.clear();
    titles.set(title, stems);
  }
  return stems;
}

/** Smallest distance between an occurrence of `a` and one of `b` (both sorted), or Infinity. */
function closest(a: readonly number[], b: readonly number[]): number {
  let best = Number.POSITIVE_INFINITY;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const d = a[i]! - b[j]!;
    best = Math.min(best, Math.abs(d));
    if (d < 0) i++;
    else j++;
  }
  return best;
}

/**
 * `candidates` ranked best first (the first `limit` of them, when given). A numbered term ('lecture 2')
 * is matched as a phrase in the text; the others by stem.
 */
export function rankPassages<T extends Candidate>(
  terms: readonly QuestionTerm[],
  candidates: readonly T[],
  stats: TermStatistics,
  options: {
    definition?: boolean;
    kind?: AnswerKind | null;
    abbreviation?: string | null;
    limit?: number;
  } = {},
): Ranked<T>[] {
  const limit = options.limit ?? candidates.length;
  if (terms.length === 0) return candidates.slice(0, limit).map((c) => ({ ...c, coverage: 0, score: 0 }));
  const weights = terms.map((t) => idf(stats, t.stem));
  const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;
  const analysed = candidates.map((c) => passageTerms(c.text));
  const averageLength = Math.max(1, analysed.reduce((sum, p) => sum + p.length, 0) / (analysed.length || 1));
  // Built once per question, not once per candidate.
  const numbered = terms.map((t) =>
    t.number ? new RegExp(`\\b${t.word}s?\\s+0*${t.number}\\b`, "i") : null,
  );
  const definition = options.definition ? definitionPatterns(terms) : null;
  const kind = options.kind;
  const kindKey = `kind:${kind}`;
  const abbreviation = options.abbreviation;
  const expandsKey = `expands:${abbreviation}`;
  const expandsIt = (text: string) => !!abbreviation && expansionIn(abbreviation, text) !== null;

  const coverages = new Float64Array(candidates.length);
  const scores = new Float64Array(candidates.length);
  const places = new Array<readonly number[] | undefined>(terms.length);
  candidates.forEach((candidate, index) => {
    const passage = analysed[index]!;
    const title = titleStems(candidate.title);
    const norm = K1 * (1 - B + (B * passage.length) / averageLength);
    // Where each term stands in the passage (its count is how often): one lookup per term.
    for (let i = 0; i < terms.length; i++) places[i] = passage.positions.get(terms[i]!.stem);
    let covered = 0;
    let score = 0;
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i]!;
      const weight = weights[i]!;
      const phrase = numbered[i];
      const tf = phrase ? (phrase.test(candidate.text) ? 1 : 0) : (places[i]?.length ?? 0);
      const inField = passage.headings.has(term.stem) || title.has(term.stem);
      if (tf > 0 || inField) covered += weight;
      if (tf > 0) score += (weight * (tf * (K1 + 1))) / (tf + norm);
      if (inField) score += weight * FIELD_WEIGHT;
    }
    // Pairs of question words close together in the passage, closer counting more.
    for (let i = 0; i < terms.length; i++) {
      const a = places[i];
      if (!a) continue;
      for (let j = i + 1; j < terms.length; j++) {
        const b = places[j];
        if (!b) continue;
        const distance = closest(a, b);
        if (distance <= NEAR) {
          score += (PROXIMITY_WEIGHT * Math.min(weights[i]!, weights[j]!)) / distance;
        }
      }
    }
    // The question's phrases as they stand in the passage: each word followed by the next.
    for (let i = 0; i + 1 < terms.length; i++) {
      const a = places[i];
      const b = places[i + 1];
      if (a && b && a.some((p) => b.includes(p + 1))) {
        score += PHRASE_WEIGHT * Math.min(weights[i]!, weights[i + 1]!);
      }
    }
    const coverage = covered / totalWeight;
    if (kind && passageTest(passage, kindKey, HOLDS[kind], candidate.text)) score *= KIND_BOOST;
    if (definition && defines(passage, candidate.text, definition)) score *= DEFINES_BOOST;
    if (abbreviation && passageTest(passage, expandsKey, expandsIt, candidate.text)) score *= EXPANDS_BOOST;
    coverages[index] = coverage;
    scores[index] = score * coverage;
  });
  // Ranked by index, and only the passages returned are copied with their scores.
  return Array.from(candidates.keys())
    .sort((a, b) => scores[b]! - scores[a]! || a - b)
    .slice(0, limit)
    .map((i) => ({ ...candidates[i]!, coverage: coverages[i]!, score: scores[i]! }));
}
