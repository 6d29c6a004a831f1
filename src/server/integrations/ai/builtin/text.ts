import { createRequire } from "node:module";
import type { ItemSentence, Tokens, WinkMethods } from "wink-nlp";

/**
 * Sentences, words, stems and stop words for the built-in engine. wink-nlp's sentence model knows
 * 'Dr.', 'Jan.', 'e.g.' and decimals (Intl.Segmenter splits after each of them); its stemmer is Porter2,
 * the Snowball English algorithm PostgreSQL's `english` configuration uses, so stems computed here
 * match the lexemes of a tsvector.
 */

export interface Sentence {
  /** The sentence as written, whitespace collapsed and line-end hyphenation rejoined. */
  text: string;
  /** Offsets into the text that was split, so a caller can highlight the sentence in place. */
  start: number;
  end: number;
  /** Stems of the content words (stop words, punctuation and symbols left out), in order. */
  terms: string[];
}

export interface Word {
  /** Lower-cased as written. */
  normal: string;
  stem: string;
  stop: boolean;
  /** Not a stop word, and a word with a letter or a number of two digits or more ('1789', not '5'). */
  content: boolean;
}

let engine: { nlp: WinkMethods; stem: (word: string) => string } | undefined;

/**
 * The model takes about half a second to load, so it loads on first use, once per process. Both packages
 * are required here rather than imported: imported, the build inlined the model's 3.5 MB of JSON into
 * main.js and every start parsed it; required, they stay in node_modules (external in scripts/build.mjs)
 * and the functions below stay synchronous.
 */
function load() {
  if (!engine) {
    const requireOnFirstUse = createRequire(import.meta.url);
    const winkNLP: typeof import("wink-nlp").default = requireOnFirstUse("wink-nlp");
    const model: typeof import("wink-eng-lite-web-model").default =
      requireOnFirstUse("wink-eng-lite-web-model");
    const nlp = winkNLP(model, ["sbd"]);
    engine = { nlp, stem: model.addons.stem as (word: string) => string };
  }
  return engine;
}

/** wink splits after these abbreviations, which never end a sentence ('Smith et al. (2019) showed'). */
const CONTINUING_ABBREVIATION = /\b(?:al|cf|vs|approx|ca|op|cit)\.$/i;
/** ... and after these when a number follows ('see Fig. 3', 'Sec. 2.1'); 'the answer is no.' does end one. */
const NUMBERED_ABBREVIATION = /\b(?:fig|figs|eq|eqs|no|nos|sec|ch|chap|pp|p|vol|ref|refs)\.$/i;

/** Collapses whitespace and rejoins words a hard line wrap hyphenated ('photo-\nsynthesis'). */
export function tidy(text: string): string {
  return text
    .replace(/(\p{L})-[ \t]*\r?\n\s*(\p{Ll})/gu, "$1$2")
    .replace(/(\p{L})-[ \t]*\r?\n\s*(\p{Lu})/gu, "$1-$2")
    .replace(/\s+/g, " ")
    .trim();
}

/** wink never ends a sentence on its abbreviations; before a capital, these do end one ('The answer is no. Viruses ...'). */
const ENDING_ABBREVIATION = /\b(?:no|nos|fig|figs|eq|eqs|sec|ch|chap|pp|vol|ref|refs)\.\s+(?=\p{Lu})/giu;

type Span = Omit<Sentence, "text">;

function splitAtEndingAbbreviations(text: string, span: Span): Span[] {
  const cuts = [...text.slice(span.start, span.end).matchAll(ENDING_ABBREVIATION)].map(
    (m) => span.start + m.index + m[0].trimEnd().length,
  );
  if (cuts.length === 0) return [span];
  const bounds = [span.start, ...cuts, span.end];
  return bounds.slice(1).map((end, i) => {
    const piece = text.slice(bounds[i], end);
    const start = end - piece.trimStart().length;
    return { start, end, terms: contentTerms(text.slice(start, end)) };
  });
}

/** Splits prose into sentences with their offsets and content stems. Give it paragraphs, not headings. */
export function sentences(text: string): Sentence[] {
  const { nlp } = load();
  const spans: Span[] = [];
  let cursor = 0;
  nlp
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => {
      const raw = sentence.out().trim();
      if (!raw) return;
      const located = text.indexOf(raw, cursor);
      const start = located >= 0 ? located : cursor;
      const end = located >= 0 ? located + raw.length : Math.min(text.length, cursor + raw.length);
      cursor = end;
      const terms = analyze(nlp, sentence.tokens())
        .filter((w) => w.content)
        .map((w) => w.stem);
      spans.push(...splitAtEndingAbbreviations(text, { start, end, terms }));
    });
  const found: Sentence[] = [];
  for (const span of spans) {
    const previous = found.at(-1);
    if (previous && shouldJoin(text.slice(previous.start, previous.end), text.slice(span.start, span.end))) {
      previous.end = span.end;
      previous.text = tidy(text.slice(previous.start, span.end));
      previous.terms.push(...span.terms);
    } else {
      found.push({ ...span, text: tidy(text.slice(span.start, span.end)) });
    }
  }
  return found;
}

function shouldJoin(previous: string, next: string): boolean {
  return (
    CONTINUING_ABBREVIATION.test(previous) ||
    (NUMBERED_ABBREVIATION.test(previous) && /^[\d(]/.test(next)) ||
    /^\p{Ll}/u.test(next)
  );
}

/** The words of a text (no punctuation, symbols, URLs or e-mail addresses), each with its stem. */
export function words(text: string): Word[] {
  const { nlp } = load();
  return analyze(nlp, nlp.readDoc(text).tokens());
}

/** Stems of the content words of a text: what two passages must share to be about the same thing. */
export function contentTerms(text: string): string[] {
  return words(text)
    .filter((w) => w.content)
    .map((w) => w.stem);
}

export function stem(word: string): string {
  return load().stem(word.toLowerCase());
}

function analyze(nlp: WinkMethods, tokens: Tokens): Word[] {
  const { stem } = load();
  const its = nlp.its;
  const normals = tokens.out(its.normal);
  const types = tokens.out(its.type);
  const stops = tokens.out(its.stopWordFlag);
  const out: Word[] = [];
  normals.forEach((normal, i) => {
    const type = types[i];
    if (type !== "word" && type !== "number") return;
    const stop = stops[i] === true;
    const content =
      !stop && (type === "number" ? /^\d{2,}$/.test(normal) : normal.length > 1 && /\p{L}/u.test(normal));
    out.push({ normal, stem: type === "word" ? stem(normal) : normal, stop, content });
  });
  return out;
}
