import { completeSentence } from "./complete.ts";
import { rankSentences } from "./rank.ts";
import type { DocSentence, DocumentStructure } from "./structure.ts";
import { stem, words } from "./text.ts";

/**
 * Cloze drafts for what a document states without defining it: its most central complete sentences
 * (TextRank, as the summaries rank them), each with its key term blanked. The key term is the one a
 * student should recall: a name from the text's code or headings before a plain word, a word the
 * document uses more than once (a concept, not a passing mention) but not everywhere (not the subject
 * itself), and never a word the sentence repeats (the second one would give the blank away).
 */

export interface ClozeDraft {
  /** The sentence with its key term as a blank: 'The main type used in it is _____, and ...'. */
  question: string;
  /** The blanked term. */
  answer: string;
  /** The sentence in Anki's cloze syntax, for cloze cards: 'The main type used in it is {{c1::asn1_node}}, ...'. */
  cloze: string;
  page: number;
  /** 0..1, by centrality and by how much the term looks like a key term. */
  quality: number;
  /** The term's kind, so a quiz finds distractors of the same kind. */
  termKind: TermKind;
  start: number;
}

export type TermKind = "identifier" | "name" | "word";

export const BLANK = "_____";
const MIN_WORDS = 8;
const MAX_WORDS = 40;
/** Sentences leaning on an earlier one ('It ...', 'This ...') make blanks no one could fill. */
const DANGLING =
  /^(?:it|its|this|that|these|those|they|their|he|she|his|her|such|here|there|also|however)\b/i;
/** A term in more than this share of the document's sentences is its subject, not a fact to recall. */
const SUBJECT_SHARE = 0.08;

interface TermCandidate {
  text: string;
  kind: TermKind;
  index: number;
}

const IDENTIFIER =
  /`([^`\s]{2,40})`|(?<![\w/.-])([A-Za-z][\w.]*(?:_\w+|\d\w*|[a-z][A-Z]\w*|\.[a-z]{1,4}))(?![\w])/g;
const NAME = /(?<=\s)(\p{Lu}[\p{Ll}\p{N}]+(?:\s+(?:of\s+|de\s+)?\p{Lu}[\p{Ll}\p{N}]+){1,3})(?=[\s,.;:)])/gu;
const WORD = /(?<![\p{L}\p{N}_./-])(\p{L}[\p{L}-]{3,}\p{L})(?![\p{L}\p{N}_/]|\.\p{L})/gu;

/** The words and names of a sentence that could be blanked, each found once in it. */
function termCandidates(sentence: string): TermCandidate[] {
  const out: TermCandidate[] = [];
  for (const m of sentence.matchAll(IDENTIFIER)) {
    const text = m[1] ?? m[2] ?? "";
    const index = m.index + (m[1] ? 1 : 0);
    if (/\p{L}{2}/u.test(text) && !/^\d/.test(text)) out.push({ text, kind: "identifier", index });
  }
  for (const m of sentence.matchAll(NAME)) out.push({ text: m[1] ?? "", kind: "name", index: m.index });
  for (const m of sentence.matchAll(WORD)) {
    const text = m[1] ?? "";
    const analysed = words(text);
    // Not the sentence's first word (its capital is the sentence's), no adverb ('textually').
    if (m.index === 0 || /ly$/.test(text)) continue;
    if (analysed.length === 1 && analysed[0]?.content && !NOT_TERMS.has(text.toLowerCase()))
      out.push({ text, kind: "word", index: m.index });
  }
  // Once in the sentence, so one blank hides every mention.
  return out.filter((c) => sentence.split(c.text).length === 2 && c.text.length >= 3);
}

/** Verb forms that read as words but name nothing a student should recall. */
const NOT_TERMS = new Set(
  "having being using doing making getting giving taking given provided following including based".split(" "),
);

const KIND_WEIGHT: Record<TermKind, number> = { identifier: 1.5, name: 1.3, word: 1 };

/** How many of the document's sentences hold each stem. */
function sentenceFrequencies(sentences: readonly DocSentence[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const s of sentences) for (const t of new Set(s.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  return df;
}

const termStem = (text: string) =>
  words(text)
    .filter((w) => w.content)
    .map((w) => w.stem)
    .join(" ");

function keyTerm(
  sentence: string,
  df: Map<string, number>,
  total: number,
  headingStems: Set<string>,
  taken: Set<string>,
): (TermCandidate & { score: number; inHeading: boolean }) | null {
  let best: (TermCandidate & { score: number; inHeading: boolean }) | null = null;
  for (const candidate of termCandidates(sentence)) {
    const stems = termStem(candidate.text).split(" ").filter(Boolean);
    if (stems.length === 0) continue;
    const key = stems.join(" ");
    if (taken.has(key)) continue;
    // The rarest of its words decides: a name is as specific as its most specific word.
    const frequency = Math.min(...stems.map((s) => df.get(s) ?? 1));
    if (frequency > Math.max(3, total * SUBJECT_SHARE)) continue;
    const recurring = frequency >= 2 ? 1 : 0.6;
    const inHeading = stems.some((s) => headingStems.has(s));
    const score =
      KIND_WEIGHT[candidate.kind] * recurring * (inHeading ? 1.3 : 1) * Math.log(1 + total / frequency);
    if (!best || score > best.score) best = { ...candidate, score, inHeading };
  }
  return best;
}

/**
 * Up to `count` cloze drafts in document order, from sentences not already used (`usedStarts`, keyed
 * `page:start`) and for terms not already asked (`askedTerms`, stems).
 */
export function clozeDrafts(
  doc: DocumentStructure,
  count: number,
  usedStarts: ReadonlySet<string> = new Set(),
  askedTerms: ReadonlySet<string> = new Set(),
): ClozeDraft[] {
  if (count <= 0) return [];
  const pool = doc.sentences.filter((s) => {
    const n = s.text.split(" ").length;
    return (
      n >= MIN_WORDS &&
      n <= MAX_WORDS &&
      !usedStarts.has(`${s.page}:${s.start}`) &&
      !s.text.endsWith("?") &&
      // Bibliography entries ('[8] R. Hemmecke and ...') are references, not statements.
      !/^\[\d+\]/.test(s.text) &&
      !DANGLING.test(s.text) &&
      !doc.sections[s.section]?.boilerplate &&
      completeSentence(s.text, { whole: s.listItem, minWords: MIN_WORDS }) !== null
    );
  });
  if (pool.length === 0) return [];
  const ranking = rankSentences(
    pool.map((s) => s.terms),
    pool.map((s) => (s.position === 0 ? 2 : 1)),
  );
  const df = sentenceFrequencies(doc.sentences);
  const headingStems = new Set(
    doc.sections.flatMap((s) => (s.title && !s.boilerplate ? termStem(s.title).split(" ") : [])),
  );
  const order = pool
    .map((_, i) => i)
    .sort((a, b) => (ranking.scores[b] ?? 0) - (ranking.scores[a] ?? 0) || a - b);
  const top = ranking.scores[order[0] ?? 0] ?? 1;
  const taken = new Set(askedTerms);
  const chosen: ClozeDraft[] = [];
  for (const i of order) {
    if (chosen.length >= count) break;
    const sentence = pool[i];
    if (!sentence) continue;
    const complete = completeSentence(sentence.text, { whole: sentence.listItem, minWords: MIN_WORDS });
    if (!complete) continue;
    const term = keyTerm(complete.text, df, doc.sentences.length, headingStems, taken);
    if (!term) continue;
    taken.add(termStem(term.text));
    const before = complete.text.slice(0, term.index);
    const after = complete.text.slice(term.index + term.text.length);
    const centrality = (ranking.scores[i] ?? 0) / (top || 1);
    // A plain word may be a verb or an adjective (no part-of-speech tagger here): it comes unticked unless
    // a heading names it; names and identifiers are what cloze cards are for.
    const base = term.kind === "word" ? (term.inHeading ? 0.5 : 0.35) : 0.55;
    const quality = Math.min(0.9, base + 0.2 * centrality + Math.min(0.1, term.score / 60));
    chosen.push({
      question: `${before}${BLANK}${after}`,
      answer: term.text,
      cloze: `${before}{{c1::${term.text}}}${after}`,
      page: sentence.page,
      quality: Math.round(quality * 100) / 100,
      termKind: term.kind,
      start: sentence.start,
    });
  }
  return chosen.sort((a, b) => a.page - b.page || a.start - b.start);
}

export const clozeTermKey = (term: string) => termStem(term) || stem(term);
