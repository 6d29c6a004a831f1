import { createRequire } from "node:module";

/**
 * Sentences, words, stems and stop words for the built-in engine, by rule. wink-nlp did this before and
 * was dropped for two reasons found on real manuals: its sentence splitter cuts inside tokens ('the ASN.'
 * | '1 definitions', 'v2.' | '0'), and its tokenizer learns every unknown word it meets into a
 * process-wide cache, so the same text tokenizes differently once a form has been seen ('4ti2' is '4' +
 * 'ti2' the first time, '4ti2' after '4ti2.' has gone by): the summarizer gave two summaries of one
 * document, and the cache grew with every document read. What is kept from wink is the Porter2 stemmer,
 * a pure function (the Snowball English algorithm PostgreSQL's `english` configuration uses, so stems
 * computed here match the lexemes of a tsvector), and its stop-word list, below.
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

/**
 * The stemmer alone, required from its file: the model around it is 3.5 MB of JSON that took half a
 * second to parse in every process and worker, for a function that needs none of it.
 */
let porter2: ((word: string) => string) | undefined;
/**
 * Stems by word: the stemmer is a pure function and costs microseconds a word (a question's few words
 * took a tenth of a millisecond of every answer), while a student's vocabulary is a few thousand words.
 * Words of up to KEPT_LENGTH letters are kept (a run of base64 is no word to meet again); emptied whole
 * when full.
 */
const stems = new Map<string, string>();
const KEPT_STEMS = 50_000;
const KEPT_LENGTH = 32;
/**
 * A word as it is compared, here and in the chunks' full-text index (schema/columns.ts
 * `foldedSearchVector`, the same steps in SQL): compatibility forms unfolded ('ﬁ' is 'fi') and Latin
 * accents dropped ('hôpital' is 'hopital'), other scripts recomposed as they were.
 */
const foldMarks = (text: string) =>
  /[\u0080-\uffff]/.test(text)
    ? text
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .normalize("NFC")
    : text;

function stemOf(lower: string): string {
  let stem = stems.get(lower);
  if (stem === undefined) {
    porter2 ??= createRequire(import.meta.url)("wink-eng-lite-web-model/dist/porter-stemmer.js") as (
      word: string,
    ) => string;
    stem = porter2(foldMarks(lower));
    if (lower.length > KEPT_LENGTH) return stem;
    if (stems.size >= KEPT_STEMS) stems.clear();
    stems.set(lower, stem);
  }
  return stem;
}

/** wink-eng-lite-web-model's stop words (its `stopWordFlag`), so content words stay what they were. */
const STOP_WORDS = new Set(
  (
    "a about above across after afterwards again against all almost alone along already also although always am among amongst amount an and another any anyhow anyone anything anyway anywhere are around as at " +
    "back be became because become becomes becoming been before beforehand behind being below beside besides between beyond both bottom but by call can could did do does doing done down due during " +
    "each eight either eleven else elsewhere empty enough etc even ever every everyone everywhere except few fifteen fifty first five for former formerly forty four from front full further get give go " +
    "had has have he hence her here hereafter hereby herein hereupon hers herself him himself his how however hundred i ie if in inc indeed into is it its itself just keep last latter latterly least less " +
    "made make many may me meanwhile might mine more moreover most mostly move much must my myself name namely neither never nevertheless next nine no nobody none nor not nothing now nowhere " +
    "of off often on once one only onto or other otherwise our ours ourselves out over own part per perhaps please put quite rather re really regarding same say see seem seemed seeming seems serious " +
    "seven several she should show side since six sixty so some somehow someone something sometime sometimes somewhere still such take ten than that the their them themselves then thence there " +
    "thereafter thereby therefore therein these they third this those though three throughout thru thus to together too top toward towards twelve twenty two under unless until up upon us used using " +
    "various very via was we well were what whatever when whence whenever where whereas whereby wherein wherever whether which while who whoever whole whom whose why will with within without would " +
    "yet you your yours yourself yourselves " +
    // A question asked in another language is phrased with its own words: 'Что такое клетка?' covered a
    // third of its words on the page defining 'клетка', below MIN_COVERAGE. The question words, articles
    // and copulas of Russian, Spanish, Portuguese, French, Italian and German; none an English word of
    // substance or a symbol ('die', 'son', 'come', 'del', 'cos', 'du', 'os', 'al' are left out).
    "что такое это как где когда почему зачем кто какой какая какое какие ли является являются означает " +
    "qué que cuál cuáles cómo como dónde donde cuándo cuando el la los las un una unos unas es significa " +
    "qual quais onde quando porque um uma é são " +
    "quoi quel quelle quels quelles comment où quand pourquoi le les une des est sont " +
    "che cosa è sono il lo gli quale dove perché " +
    "ist sind der das wie wo wann warum welche welcher welches ein eine"
  ).split(" "),
);

/** Contractions as wink split them: "don't" is 'do' + 'not', "it's" is 'it' + "'s". */
const NEGATED_STEM: Record<string, string> = { ca: "can", wo: "will", sha: "shall" };

/** URLs and e-mail addresses are not words ('https://www.gnu.org/software' says nothing about a topic). */
const ADDRESS = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;
/** A number (with decimals, thousands or a dotted version: '3.14', '1,000', '1.3.1'), or a run of letters and digits. */
// Marks belong to their letter: a Devanagari vowel sign, or an accent typed as a combining character.
const TOKEN =
  /\p{N}+(?:[.,]\p{N}+)+(?![\p{L}\p{N}])|[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’]\p{L}[\p{L}\p{M}]*)?/gu;

function wordOf(raw: string, out: Word[]): void {
  const lower = raw.toLowerCase().replace(/’/g, "'");
  const apostrophe = lower.indexOf("'");
  if (apostrophe > 0) {
    const base = lower.slice(0, apostrophe);
    const suffix = lower.slice(apostrophe + 1);
    if (suffix === "t" && base.endsWith("n")) {
      const head = base.slice(0, -1);
      wordOf(NEGATED_STEM[head] ?? head, out);
      wordOf("not", out);
      return;
    }
    if (/^(?:s|re|ll|ve|d|m)$/.test(suffix)) {
      wordOf(base, out);
      return;
    }
    // Any other apostrophe parts two words, as PostgreSQL's parser does: 'L'Hôpital' is 'l' and
    // 'hôpital', 'O'Brien' 'o' and 'brien'. Kept whole, a question's 'lhopital' matched no lexeme.
    wordOf(base, out);
    wordOf(suffix, out);
    return;
  }
  const number = /^\p{N}/u.test(lower) && !/\p{L}/u.test(lower);
  const stop = STOP_WORDS.has(lower);
  const content = !stop && (number ? /^\d{2,}$/.test(lower) : lower.length > 1 && /\p{L}/u.test(lower));
  out.push({ normal: lower, stem: number ? lower : stemOf(lower), stop, content });
}

/** The words of a text (no punctuation, symbols, URLs or e-mail addresses), each with its stem. */
export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const match of text.replace(ADDRESS, " ").matchAll(TOKEN)) wordOf(match[0], out);
  return out;
}

/** Stems of the content words of a text: what two passages must share to be about the same thing. */
export function contentTerms(text: string): string[] {
  return words(text)
    .filter((w) => w.content)
    .map((w) => w.stem);
}

export function stem(word: string): string {
  return stemOf(word.toLowerCase());
}

/** Collapses whitespace and rejoins words a hard line wrap hyphenated ('photo-\nsynthesis'). */
export function tidy(text: string): string {
  return text
    .replace(/(\p{L})-[ \t]*\r?\n\s*(\p{Ll})/gu, "$1$2")
    .replace(/(\p{L})-[ \t]*\r?\n\s*(\p{Lu})/gu, "$1-$2")
    .replace(/\s+/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------------------------
// Sentence boundaries

/**
 * Words whose stop never ends a sentence, whatever follows ('e.g. The', 'Dr. Smith', 'et al. (2019)'):
 * Latin and scholarly abbreviations, titles, company forms, countries written with stops. Lower-cased,
 * without their final stop.
 */
export const ABBREVIATIONS = new Set(
  (
    "e.g eg i.e cf vs viz al approx ca resp esp op cit ibid " +
    "dr mr mrs ms prof sr jr st mt rev gen gov sgt capt col lt " +
    "inc ltd co corp dept univ assn bros u.s u.k u.n e.u ph.d b.sc m.sc b.a m.a a.m p.m " +
    "jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun"
  ).split(" "),
);
/**
 * Abbreviations that stand before a number ('Fig. 3', 'No. 5', 'Sec. 2.1', 'p. 12') but are also words
 * that end sentences ('The answer is no.'): the stop ends one only before a capital letter.
 */
export const NUMBERED_ABBREVIATIONS = new Set(
  "fig figs eq eqs no nos sec secs ch chap vol vols pp p pg ref refs tab app art para ex".split(" "),
);

const CLOSERS = `"'”’)\\]»*_\``;
/** A run of stops and the closing quotes or brackets after it, then the whitespace that ends it. */
const STOP_RUN = new RegExp(`[.!?…]+[${CLOSERS}]*(?=\\s|$)`, "g");

/** The word a stop at `at` ends ('e.g' for '... e.g. The'), without opening quotes or brackets. */
function wordBefore(text: string, at: number): string {
  let start = at;
  while (start > 0 && !/\s/.test(text[start - 1] ?? "")) start--;
  return text.slice(start, at).replace(/^["'“‘([{<]+/, "");
}

/**
 * Whether the stops at text[stop] (a run that ends at `end`, closers included) end a sentence. A stop
 * followed by no whitespace (ASN.1, v2.0, 3.14, file.txt, U.S.) never gets here: STOP_RUN needs the space.
 */
function endsSentence(text: string, stop: number, end: number): boolean {
  // Markup is not the next word: '`lambda` takes' goes on in lower case.
  const next = /[^\s`*_]/.exec(text.slice(end))?.[0] ?? "";
  if (next === "") return true;
  // Any sentence end is followed by something that can start one: a lower-case word carries on ('etc. and').
  if (/\p{Ll}/u.test(next)) return false;
  const mark = text[stop];
  if (mark === "!" || mark === "?") return true;
  const run = text.slice(stop, end).replace(new RegExp(`[${CLOSERS}]+$`), "");
  // Dot leaders and ellipses ('. . . 5', '...') are not sentence ends.
  if (run.length > 1 || run === "…") return !/[.…]/.test(run) || /[!?]/.test(run);
  const word = wordBefore(text, stop);
  if (word === "" || /^[.…]+$/.test(word)) return false;
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  // An initial ('J. Smith', 'W. R. Pearson').
  if (/^\p{Lu}$/u.test(word)) return false;
  if (NUMBERED_ABBREVIATIONS.has(lower))
    return /^\p{Lu}/u.test(next) && !/^[IVX]+\b/.test(text.slice(end).trimStart());
  return true;
}

/** Splits prose into sentences with their offsets and content stems. Give it paragraphs, not headings. */
export function sentences(text: string): Sentence[] {
  const found: Sentence[] = [];
  const push = (from: number, to: number) => {
    const slice = text.slice(from, to);
    const lead = slice.length - slice.trimStart().length;
    const trimmed = slice.trim();
    if (!trimmed) return;
    const start = from + lead;
    const end = start + trimmed.length;
    found.push({ text: tidy(trimmed), start, end, terms: contentTerms(trimmed) });
  };
  let start = 0;
  for (const match of text.matchAll(STOP_RUN)) {
    const end = match.index + match[0].length;
    if (!endsSentence(text, match.index, end)) continue;
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return found;
}

/** Text to match literally inside a RegExp. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
