import { ABBREVIATION_WORDS, abbreviationAsked } from "./acronym.ts";
import { isBoilerplate } from "./boilerplate.ts";
import { blockSentences, pageBlocks } from "./structure.ts";
import { contentTerms, type Sentence, stem as stemOf, words } from "./text.ts";

/**
 * From a student's question to retrieval: the content words, a tsquery that ORs them (websearch_to_tsquery
 * ANDs every word and finds nothing for most natural questions), how much of the question a chunk covers,
 * and the sentences of a chunk worth quoting.
 */

export interface QuestionTerm {
  /** Lower-case letters, marks and digits only (of any script): safe inside a tsquery. */
  word: string;
  /** Porter2 stem, comparable with the stems of a text (and with PostgreSQL's english lexemes). */
  stem: string;
  /** The number right after the word when it says which one ('lecture 2'): the term is the phrase. */
  number?: string;
}

/** A term's weight: the IDF of its stem in the student's material, when the caller has it. */
export type TermWeight = (stem: string) => number;

export interface QuotedSentence {
  text: string;
  /** Offsets into the chunk text. */
  start: number;
  end: number;
  /** Share of the question's weight the sentence contains, 0..1, plus a little for coming early. */
  score: number;
}

/**
 * Below this coverage the best chunk does not answer the question ('I couldn't find this in your
 * materials.'). A starting point: calibrate it on the question set.
 */
export const MIN_COVERAGE = 0.5;
const MAX_TERMS = 32;
const POSITION_BONUS = 0.05;

/**
 * Words a question is phrased with that say nothing about its topic. 'goe' is 'goes' ('What goes in
 * /opt?'), never a document's word; 'go' itself stays, a programming language's name.
 */
const QUESTION_FILLER = new Set(
  "explain describ defin definit mean tell know want need pleas help give show find summar summari understand thing happen work can could would goe".split(
    " ",
  ),
);

/**
 * Very common words that are not stop words: they match almost any passage, so they count for less
 * when no IDF is supplied.
 */
const COMMON = new Set(
  "use make time way year peopl part number first new good differ import exampl main type form system result chang level case point group area fact problem take call includ follow becom provid set larg small high low long great littl old right big earli few public same abl day week month life world place end kind name idea general also mani often usual like well one two three".split(
    " ",
  ),
);
const COMMON_WEIGHT = 0.3;

const defaultWeight: TermWeight = (stem) => (COMMON.has(stem) ? COMMON_WEIGHT : 1);

/**
 * A word as the chunks' index folds it (schema/columns.ts `foldedSearchVector`): Latin accents and
 * compatibility forms out, every script's letters, marks and digits kept, so a question in Russian,
 * Greek or Hindi finds its words. Nothing but letters, marks and digits is left, none of which is
 * tsquery syntax.
 */
function fold(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, "");
}

/**
 * 'Lecture 2', 'chapter 3', 'week 10': the number says which one, yet a lone digit is no content word,
 * so 'what is lecture 2 about?' matched every page naming any lecture. Such a pair is a term of its own.
 */
const NUMBERED =
  /\b(lecture|chapter|week|unit|module|part|section|slide|lab|problem|exercise|homework|assignment|quiz|exam|session|topic|figure|table)s?\s+(\d{1,3})\b/gi;

const numberedKey = (stem: string, number: string) => `${stem} ${number}`;

function numberedTerms(text: string): QuestionTerm[] {
  return [...text.matchAll(NUMBERED)].map((m) => {
    const word = fold(m[1]!);
    const number = String(Number(m[2]));
    return { word, number, stem: numberedKey(stemOf(word), number) };
  });
}

/**
 * The question's content words, once each, in the order asked. Retrieval searches with them and the
 * built-in engine scores the retrieved passages with the same ones: the chat computes them once and
 * they travel with the question (AnswerRequest.terms).
 */
export function questionTerms(question: string): readonly QuestionTerm[] {
  // 'What does FHS stand for?' is about FHS: 'stand' would rank any page that says 'standard'.
  if (abbreviationAsked(question)) question = question.replace(ABBREVIATION_WORDS, " ");
  const seen = new Set<string>();
  const terms: QuestionTerm[] = [];
  for (const term of numberedTerms(question)) {
    if (seen.has(term.stem)) continue;
    seen.add(term.stem);
    terms.push(term);
  }
  for (const w of words(question)) {
    const word = fold(w.normal);
    if (!w.content || word.length < 2 || QUESTION_FILLER.has(w.stem) || seen.has(w.stem)) continue;
    seen.add(w.stem);
    terms.push({ word, stem: w.stem });
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/**
 * For `to_tsquery('english', $1)`: the words OR-joined ('photosynthesis | chloroplast'). Only letters,
 * marks, digits and ' | ' ever appear, so no input can break the tsquery syntax. '' when nothing is left (the
 * caller then skips the search).
 */
export function toTsQuery(terms: readonly QuestionTerm[]): string {
  return [...new Set(terms.map((t) => (t.number ? `(${t.word} <-> ${t.number})` : t.word)))].join(" | ");
}

function weighted(terms: readonly QuestionTerm[], present: Set<string>, weightOf: TermWeight): number {
  let total = 0;
  let found = 0;
  for (const { stem } of terms) {
    const weight = Math.max(0, weightOf(stem));
    total += weight;
    if (present.has(stem)) found += weight;
  }
  return total > 0 ? found / total : 0;
}

/**
 * A chunk's stems and prose sentences never change, and the same chunks come back for question after
 * question: analysing one with wink-nlp costs a few milliseconds, most of a built-in answer's time.
 * Kept by text (a re-indexed chunk with the same text is the same analysis), least recently used out.
 */
const ANALYSED_CHUNKS = 2_000;
const analysed = new Map<string, { terms?: Set<string>; sentences?: Sentence[] }>();

function analysis(chunkText: string) {
  let entry = analysed.get(chunkText);
  if (entry) analysed.delete(chunkText);
  else entry = {};
  analysed.set(chunkText, entry);
  if (analysed.size > ANALYSED_CHUNKS) analysed.delete(analysed.keys().next().value!);
  return entry;
}

function chunkTerms(chunkText: string): Set<string> {
  const entry = analysis(chunkText);
  entry.terms ??= new Set([...contentTerms(chunkText), ...numberedTerms(chunkText).map((t) => t.stem)]);
  return entry.terms;
}

function chunkSentences(chunkText: string): Sentence[] {
  const entry = analysis(chunkText);
  // A licence line, a page number or a table-of-contents line is never worth quoting.
  entry.sentences ??= pageBlocks(chunkText)
    .flatMap((block) => blockSentences(chunkText, block))
    .filter((s) => !isBoilerplate(s.text));
  return entry.sentences;
}

/** Share of the question's weight (rare words weigh more) that the chunk contains, 0..1. */
export function coverage(
  terms: readonly QuestionTerm[],
  chunkText: string,
  weightOf: TermWeight = defaultWeight,
): number {
  return weighted(terms, chunkTerms(chunkText), weightOf);
}

/**
 * Sentences quoted from one passage, in its order, as one quote: where the passage has words between two
 * of them, '…' says so, so the quote never reads as if they followed each other.
 */
export function joinQuoted(
  chunkText: string,
  quoted: readonly Pick<QuotedSentence, "text" | "start" | "end">[],
): string {
  return quoted
    .map((q, i) => {
      const before = quoted[i - 1];
      return before && chunkText.slice(before.end, q.start).trim() ? `… ${q.text}` : q.text;
    })
    .join(" ");
}

/** The `n` prose sentences of a chunk that contain most of the question, in the order they appear. */
export function bestSentences(
  question: string | readonly QuestionTerm[],
  chunkText: string,
  n: number,
  weightOf: TermWeight = defaultWeight,
  /** An offset of the chunk the answer stands at (an abbreviation's expansion): its sentence comes first. */
  answerAt?: number,
): QuotedSentence[] {
  const terms = typeof question === "string" ? questionTerms(question) : question;
  const found = chunkSentences(chunkText);
  const holdsAnswer = (s: Sentence) => answerAt !== undefined && s.start <= answerAt && answerAt < s.end;
  return found
    .map((s, i) => ({
      text: s.text,
      start: s.start,
      end: s.end,
      overlap: weighted(terms, new Set(s.terms), weightOf) + (holdsAnswer(s) ? 1 : 0),
      score: 0,
      i,
    }))
    .filter((s) => s.overlap > 0)
    .map((s) => ({ ...s, score: s.overlap + POSITION_BONUS * (1 - s.i / found.length) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, Math.max(0, n))
    .sort((a, b) => a.i - b.i)
    .map(({ text, start, end, score }) => ({ text, start, end, score }));
}
