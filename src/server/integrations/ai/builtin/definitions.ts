import { blockSentences, pageBlocks } from "./structure.ts";
import { sentences, stem } from "./text.ts";

/**
 * Flashcard drafts from the definitions a text states: 'X is a ...', 'X means ...', 'X refers to ...',
 * 'X is defined as ...', glossary lines ('Term: definition', 'Term - definition') and **bold** terms with
 * the sentence that defines them. One definition per card, asked the same way every time: 'What is X?'.
 * Drafts only: the student edits and accepts them before anything is saved.
 */

export interface CardDraft {
  term: string;
  question: string;
  answer: string;
  page: number;
}

const MAX_TERM_WORDS = 5;
const MAX_TERM_LENGTH = 60;
const MIN_ANSWER_WORDS = 3;
const MAX_ANSWER_LENGTH = 200;

/** Checked in order; the first that matches a sentence wins. */
type Verb = "is" | "are" | "was" | "were";
/** 'Students are expected to ...', 'Exams are usually ...': a plural subject with a state, not a definition. */
const NOT_A_CLASS =
  /^(?:not|also|often|usually|always|very|more|less|most|able|likely|important|responsible|\S+ly|\S+ing)\s|^\S+ed\s(?:to|by|in|for|with|on|at|from|as)\s/;
const SENTENCE_PATTERNS: { pattern: RegExp; verb: (match: RegExpExecArray) => Verb; reject?: RegExp }[] = [
  {
    pattern: /^(.+?)\s+(is|are|can be|may be)\s+defined\s+as\s+(.+)$/,
    verb: (m) => (m[2] === "are" ? "are" : "is"),
  },
  { pattern: /^(.+?)\s+(refers?)\s+to\s+(.+)$/, verb: (m) => (m[2] === "refer" ? "are" : "is") },
  { pattern: /^(.+?)\s+(means?)\s+(.+)$/, verb: (m) => (m[2] === "mean" ? "are" : "is") },
  { pattern: /^(.+?)\s+(is|are|was|were)\s+((?:a|an|the)\s.+)$/, verb: (m) => m[2] as Verb },
  // Plurals define without an article: 'Prokaryotes are single-celled organisms that lack a nucleus.'
  {
    pattern: /^(\S+(?:\s\S+)?)\s+(are|were)\s+((?:[\p{Ll}-]+\s){1,5}(?:that|which|who|whose|in which)\s.+)$/u,
    verb: (m) => m[2] as Verb,
    reject: NOT_A_CLASS,
  },
];
const GLOSSARY_LINE = /^([\p{L}][^:–—]{0,59}?)\s*(?::|\s[-–—]\s)\s*(.+)$/u;
const BOLD = /\*\*([^*\n]{2,60})\*\*/g;

/** Subjects that point back at something else instead of naming a term. */
const PRONOUNS = new Set(
  "it this that these those there here he she they we you i what which who whom such each one some many most all both another other our your my his her its their today now then also".split(
    " ",
  ),
);
/** Words that never sit inside a term worth a card ('The main goal of our course is ...'). */
const NOT_IN_TERM = new Set(
  "this that these those our your my his her its their which who whom whose when where because if than".split(
    " ",
  ),
);
/** Terms whose head noun says nothing on its own: 'The result is a ...', 'The first step is the ...'. */
const GENERIC_HEADS = new Set(
  "result goal answer problem reason idea point thing way example question purpose aim key part rest first second next last following main difference case fact issue step option thing outcome".split(
    " ",
  ),
);
/** Labels that look like glossary lines but are not terms ('Note: bring a calculator'). */
const LABELS = new Set(
  "note notes example examples tip hint warning important remember reminder answer question source sources reading readings due date time location room instructor professor email phone website prerequisite prerequisites topic topics goal goals objective objectives summary overview agenda homework assignment lab lecture chapter section figure table step part exam quiz definition".split(
    " ",
  ),
);

const MINOR = new Set(["of", "and", "or", "in", "to"]);
const ARTICLE = /^(?:the|a|an)\s+/i;

function termKey(term: string): string {
  return term
    .replace(ARTICLE, "")
    .toLowerCase()
    .split(/[\s-]+/)
    .map((w) => stem(w))
    .join(" ");
}

function isTerm(term: string): boolean {
  const bare = term.replace(ARTICLE, "");
  const words = bare.split(/\s+/);
  const first = words[0]?.toLowerCase() ?? "";
  const head = words.at(-1)?.toLowerCase() ?? "";
  return (
    bare.length >= 2 &&
    bare.length <= MAX_TERM_LENGTH &&
    words.length <= MAX_TERM_WORDS &&
    /^[\p{L}"'“][\p{L}\p{N}\s"'“”’.\-/]*$/u.test(bare) &&
    !/[,;:()[\]!?]|https?:|\d{3,}/.test(bare) &&
    !PRONOUNS.has(first) &&
    !GENERIC_HEADS.has(head) &&
    !LABELS.has(bare.toLowerCase()) &&
    !words.some((w) => NOT_IN_TERM.has(w.toLowerCase()))
  );
}

/** Cuts a long definition at a clause or word boundary; capitalises it like a sentence. */
function trimAnswer(answer: string): string {
  let text = answer.trim().replace(/\s+/g, " ");
  if (text.length > MAX_ANSWER_LENGTH) {
    const head = text.slice(0, MAX_ANSWER_LENGTH);
    const clause = Math.max(head.lastIndexOf(", "), head.lastIndexOf("; "));
    const cut = clause >= MAX_ANSWER_LENGTH / 2 ? clause : head.lastIndexOf(" ");
    text = `${head.slice(0, cut > 0 ? cut : MAX_ANSWER_LENGTH).replace(/[,;:\s]+$/, "")}…`;
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A sentence starts with a capital whether or not the term has one. Lower-case it for a common-noun
 * phrase ('Merge sort') or a word the document also writes in lower case; keep it for names ('French
 * Revolution', 'DNA', 'Python').
 */
function termAsWritten(term: string, lowerCaseWords: Set<string>): string {
  const article = ARTICLE.exec(term);
  if (article) return `${article[0].toLowerCase()}${term.slice(article[0].length)}`;
  const [first = "", ...rest] = term.split(/\s+/);
  const commonPhrase = rest.length > 0 && rest.every((w) => /^\p{Ll}/u.test(w) || MINOR.has(w));
  if (/^\p{Lu}[\p{Ll}-]*$/u.test(first) && (commonPhrase || lowerCaseWords.has(first.toLowerCase()))) {
    return first.toLowerCase() + term.slice(first.length);
  }
  return term;
}

interface Found {
  term: string;
  verb: Verb;
  answer: string;
  page: number;
}

function fromSentence(sentence: string): Omit<Found, "page"> | undefined {
  const plain = sentence.replace(/\*\*/g, "");
  for (const { pattern, verb, reject } of SENTENCE_PATTERNS) {
    const match = pattern.exec(plain);
    const term = match?.[1]?.trim();
    const answer = match?.at(-1)?.trim();
    if (match && term && answer && isTerm(term) && !reject?.test(answer)) {
      return { term, verb: verb(match), answer };
    }
  }
  for (const bold of sentence.matchAll(BOLD)) {
    const term = bold[1]?.trim() ?? "";
    if (isTerm(term) && plain.split(/\s+/).length >= 6) return { term, verb: "is", answer: plain };
  }
  return undefined;
}

function fromGlossaryLine(line: string): Omit<Found, "page"> | undefined {
  const match = GLOSSARY_LINE.exec(line.trim().replace(/\*\*/g, ""));
  const term = match?.[1]?.trim();
  const answer = match?.[2]?.trim();
  // A definition is one statement: 'Note: the lab moved. Bring goggles.' is a remark, not a glossary line.
  if (!term || !answer || !isTerm(term) || answer.split(/\s+/).length < MIN_ANSWER_WORDS) return undefined;
  if (sentences(answer).length > 1) return undefined;
  const plural = /[^s]s$/.test(term) && !/(?:sis|us|ics)$/.test(term);
  return { term, verb: plural ? "are" : "is", answer };
}

function collect(pages: readonly string[]): Found[] {
  const found: Found[] = [];
  pages.forEach((page, index) => {
    for (const block of pageBlocks(page, index + 1)) {
      if (block.kind !== "paragraph" && block.kind !== "list") continue;
      for (const line of page.slice(block.bodyStart, block.end).split("\n")) {
        const glossary = fromGlossaryLine(line);
        if (glossary) found.push({ ...glossary, page: block.page });
      }
      for (const sentence of blockSentences(page, block)) {
        const definition = fromSentence(sentence.text);
        if (definition) found.push({ ...definition, page: block.page });
      }
    }
  });
  return found;
}

/** Definition cards in document order, one per term (the first definition of a term wins). */
export function definitionCards(pages: readonly string[]): CardDraft[] {
  const lowerCaseWords = new Set(pages.join(" ").match(/\b\p{Ll}[\p{Ll}-]*\b/gu) ?? []);
  const seen = new Set<string>();
  const cards: CardDraft[] = [];
  for (const found of collect(pages)) {
    const answer = trimAnswer(found.answer);
    const key = termKey(found.term);
    if (seen.has(key) || answer.split(/\s+/).length < MIN_ANSWER_WORDS) continue;
    seen.add(key);
    const term = termAsWritten(found.term, lowerCaseWords);
    cards.push({ term, question: `What ${found.verb} ${term}?`, answer, page: found.page });
  }
  return cards;
}
