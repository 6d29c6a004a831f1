import { completeSentence } from "./complete.ts";
import { analyzeDocument, blockSentences, type DocumentStructure } from "./structure.ts";
import { sentences, stem, words } from "./text.ts";

/**
 * Flashcard drafts from the definitions a text states, in all their common shapes: 'X is a ...', 'X means
 * ...', 'X refers to ...', 'X stands for ...', 'X is defined as ...', 'Y is called X' and 'Y, called X,',
 * glossary lines ('Term: definition', 'Term - definition'), a heading followed by the sentence that
 * defines it, and **bold** or *italic* terms with the sentence that defines them. One definition per card,
 * asked the same way every time: 'What is X?'. Boilerplate (licences, indexes, headers) is never read
 * (structure.ts). Each draft carries a quality from 0 to 1: how surely it is a definition worth a card.
 * Drafts only: the student edits and accepts them before anything is saved.
 */

export interface CardDraft {
  term: string;
  question: string;
  answer: string;
  page: number;
  /** 0..1: the shape's reliability, less for long answers, long terms and answers that lean on context. */
  quality: number;
}

const MAX_TERM_WORDS = 5;
const MAX_TERM_LENGTH = 60;
const MIN_ANSWER_WORDS = 3;
/** A longer definition is a paragraph, not a card; it is left out rather than cut mid-sentence. */
const MAX_ANSWER_LENGTH = 300;

/** Checked in order; the first that matches a sentence wins. */
type Verb = "is" | "are" | "was" | "were";
/** 'Students are expected to ...', 'Exams are usually ...': a plural subject with a state, not a definition. */
const NOT_A_CLASS =
  /^(?:not|also|often|usually|always|very|more|less|most|able|likely|important|responsible|\S+ly|\S+ing)\s|^\S+ed\s(?:to|by|in|for|with|on|at|from|as)\s/;
interface Shape {
  pattern: RegExp;
  verb: (match: RegExpExecArray) => Verb;
  reject?: RegExp;
  /** How surely a sentence of this shape defines its subject. */
  quality: number;
}
const SENTENCE_PATTERNS: Shape[] = [
  {
    pattern: /^(.+?)\s+(is|are|can be|may be)\s+defined\s+as\s+(.+)$/,
    verb: (m) => (m[2] === "are" ? "are" : "is"),
    quality: 0.95,
  },
  {
    pattern: /^(.+?)\s+(refers?)\s+to\s+(.+)$/,
    verb: (m) => (m[2] === "refer" ? "are" : "is"),
    quality: 0.9,
  },
  {
    pattern: /^(.+?)\s+(stands?)\s+for\s+(.+)$/,
    verb: (m) => (m[2] === "stand" ? "are" : "is"),
    quality: 0.9,
  },
  { pattern: /^(.+?)\s+(means?)\s+(.+)$/, verb: (m) => (m[2] === "mean" ? "are" : "is"), quality: 0.85 },
  {
    pattern: /^(.+?)\s+(is|are|was|were)\s+((?:a|an|the)\s.+)$/,
    verb: (m) => m[2] as Verb,
    quality: 0.8,
  },
  // Plurals define without an article: 'Prokaryotes are single-celled organisms that lack a nucleus.'
  {
    pattern: /^(\S+(?:\s\S+)?)\s+(are|were)\s+((?:[\p{Ll}-]+\s){1,5}(?:that|which|who|whose|in which)\s.+)$/u,
    verb: (m) => m[2] as Verb,
    reject: NOT_A_CLASS,
    quality: 0.75,
  },
];
/** 'Y is called X', 'Y, called X,', 'Y is known as X': the term comes last, the whole sentence defines it. */
const CALLED =
  /(?:\b(?:is|are)\s+|,\s*)(?:(?:also|usually|often|sometimes)\s+)?(?:called|termed|named|known\s+as)\s+["“‘']?((?:the\s+)?[\p{L}][\p{L}\p{N}\-' ]{1,48}?)["”’']?(?=\s*(?:[,.;:)]|$)|\s+(?:if|when|where|because|and|or|in|for)\b)/u;
const GLOSSARY_LINE = /^([\p{L}][^:–—]{0,59}?)\s*(?::|\s[-–—]\s)\s*(.+)$/u;
/** **bold**, *italic* or _italic_ around a word or phrase, not a C comment's stars or a glob's ('seq/*.aa'). */
const EMPHASIS =
  /\*\*(\p{L}[^*\n]{1,59})\*\*|(?<![*\w/])\*(\p{L}[^*\n]{0,58}[\p{L}\p{N}])\*(?![*\w/])|(?<![_\w/])_(\p{L}[^_\n]{0,58}[\p{L}\p{N}])_(?![_\w/])/gu;

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
/** Labels that look like glossary lines or headings but are not terms ('Note: bring a calculator'). */
const LABELS = new Set(
  "note notes example examples tip hint warning important remember reminder answer question source sources reading readings due date time location room instructor professor email phone website prerequisite prerequisites topic topics goal goals objective objectives summary overview agenda homework assignment lab lecture chapter section figure table step part exam quiz definition definitions introduction purpose requirements requirement specific options options usage description synopsis background scope conventions acknowledgments acknowledgements contributors history news changes thanks dedication preface foreword abstract contents appendix references bibliography glossary index examples rationale motivation discussion conclusion conclusions future developments notes see also copyright license licence authors author version".split(
    " ",
  ),
);

const MINOR = new Set(["of", "and", "or", "in", "to"]);
const ARTICLE = /^(?:the|a|an)\s+/i;
/** Words a term may start with that are not the term: 'Although there ...', 'Finally there ...'. */
const LEADING_ADVERB =
  /^(?:although|though|since|because|finally|however|thus|hence|therefore|also|then|now|so|and|but|or|if|when|while|as|in|on|for|with)\b/i;

function termKey(term: string): string {
  return term
    .replace(ARTICLE, "")
    .toLowerCase()
    .split(/[\s-]+/)
    .map((w) => stem(w))
    .join(" ");
}

export function isTerm(term: string): boolean {
  const bare = term.replace(ARTICLE, "");
  const parts = bare.split(/\s+/);
  const first = parts[0]?.toLowerCase() ?? "";
  const head = parts.at(-1)?.toLowerCase() ?? "";
  const analysed = words(bare);
  return (
    bare.length >= 2 &&
    bare.length <= MAX_TERM_LENGTH &&
    parts.length <= MAX_TERM_WORDS &&
    /^[\p{L}"'“/.][\p{L}\p{N}\s"'“”’._\-/]*$/u.test(bare) &&
    !/[,;:()[\]!?]|https?:|\d{3,}/.test(bare) &&
    !PRONOUNS.has(first) &&
    !LEADING_ADVERB.test(bare) &&
    // 'To apply affinity' is an action, 'Version 0.21' a release: neither is a thing to define.
    !/^to\s/i.test(bare) &&
    !/^(?:version|release|revision)\s/i.test(bare) &&
    !GENERIC_HEADS.has(head) &&
    !LABELS.has(bare.toLowerCase()) &&
    !parts.some((w) => NOT_IN_TERM.has(w.toLowerCase())) &&
    // A term names something: a content word of three letters or more, and it does not end on a
    // function word ('classes provide a', 'the limited expression can').
    analysed.some((w) => w.content && w.normal.replace(/[^\p{L}]/gu, "").length >= 3) &&
    !(analysed.at(-1)?.stop ?? true)
  );
}

/** A definition stated as a clause: capitalised like a sentence; too long, it is no card. */
function asAnswer(answer: string): string | null {
  const text = answer.trim().replace(/\s+/g, " ");
  if (text.length > MAX_ANSWER_LENGTH || text.split(" ").length < MIN_ANSWER_WORDS) return null;
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
  // 'Class Objects' is a title: lower-casing its first word only would give 'class Objects'.
  const titled = rest.some((w) => /^\p{Lu}/u.test(w) && !MINOR.has(w));
  if (
    /^\p{Lu}[\p{Ll}-]*$/u.test(first) &&
    !titled &&
    (commonPhrase || lowerCaseWords.has(first.toLowerCase()))
  ) {
    return first.toLowerCase() + term.slice(first.length);
  }
  return term;
}

export interface Found {
  term: string;
  verb: Verb;
  answer: string;
  page: number;
  quality: number;
  /** Offset of the defining sentence in its page, to keep drafts in document order. */
  start: number;
}

type Definition = Omit<Found, "page" | "start">;

/** Answers that lean on what came before ('It ...', 'This ...') or say little ('A way to do this.'). */
const LEANING = /^(?:it|its|this|that|these|those|they|their|he|she|such|here|there)\b/i;

/** An answer about the document rather than the term: 'The `operator` module was mentioned earlier.' */
const ABOUT_THE_TEXT =
  /\b(?:is|are|was|were|be|been)\s+(?:mentioned|discussed|described|covered|introduced|explained|shown|listed)\s+(?:earlier|above|below|later|before|previously|elsewhere|in\s+(?:the\s+)?(?:next|previous|following|last))\b/i;

/** A short answer that only repeats the term's words ('the value' -> 'A NULL value.') defines nothing. */
function repeatsTerm(term: string, answer: string): boolean {
  const termStems = words(term.replace(ARTICLE, "")).filter((w) => w.content);
  const answerWords = words(answer).filter((w) => w.content);
  const said = new Set(answerWords.map((w) => w.stem));
  return answerWords.length <= 4 && termStems.length > 0 && termStems.every((w) => said.has(w.stem));
}

function scored(definition: Definition): Definition {
  const answerWords = definition.answer.split(" ").length;
  let quality = definition.quality;
  if (answerWords > 35) quality -= 0.15;
  if (definition.term.replace(ARTICLE, "").split(/\s+/).length > 3) quality -= 0.1;
  if (LEANING.test(definition.answer)) quality -= 0.2;
  if (ABOUT_THE_TEXT.test(definition.answer) || repeatsTerm(definition.term, definition.answer))
    quality -= 0.3;
  return { ...definition, quality: Math.max(0, Math.min(1, quality)) };
}

/**
 * A term with no verb of its own to agree with (a heading, a glossary line, a bold or 'called' term) is
 * asked in the number it is written in: 'What are generator expressions?', not 'What is ...'.
 */
function verbFor(term: string): Verb {
  // The head noun: 'Affinity of Expressions' is one affinity; '/var/cache/fonts' is a path, not a plural.
  const head =
    term
      .toLowerCase()
      .split(/\s+(?:of|with|without|in|for|on)\s/)[0]
      ?.split(/\s+/)
      .at(-1) ?? "";
  const singular = /(?:is|us|ics)$|^(?:gas|bias|alias|canvas|atlas|lens|news|series|species)$/.test(head);
  return /^[\p{L}-]*[^s]s$/u.test(head) && !singular ? "are" : "is";
}

/** Quotes around or inside a term are the document's typography, not the term ('"Shareable" files'). */
const unquoted = (term: string) =>
  term
    .replace(/["“”`]/g, "")
    .replace(/\s+/g, " ")
    .trim();

function fromSentence(sentence: string): Definition | undefined {
  const plain = sentence.replace(/\*\*/g, "");
  for (const { pattern, verb, reject, quality } of SENTENCE_PATTERNS) {
    const match = pattern.exec(plain);
    const term = match?.[1] ? unquoted(match[1]) : undefined;
    const answer = asAnswer(match?.at(-1) ?? "");
    if (match && term && answer && isTerm(term) && !reject?.test(match.at(-1) ?? "")) {
      return scored({ term, verb: verb(match), answer, quality });
    }
  }
  const called = CALLED.exec(plain);
  const calledTerm = called?.[1] ? unquoted(called[1]) : undefined;
  // The whole sentence is the answer here, so it must read as one ('a method is called right after it is bound:').
  const whole = completeSentence(plain, { minWords: 5 }) ? asAnswer(plain) : null;
  if (called && calledTerm && whole && isTerm(calledTerm) && called.index > 0) {
    return scored({ term: calledTerm, verb: verbFor(calledTerm), answer: whole, quality: 0.75 });
  }
  for (const emphasis of sentence.matchAll(EMPHASIS)) {
    const term = (emphasis[1] ?? emphasis[2] ?? emphasis[3] ?? "").trim();
    // Bold marks go (as everywhere in the engine); italics stay as written, like code spans.
    const clean = completeSentence(plain, { minWords: 6 }) ? asAnswer(plain) : null;
    if (isTerm(term) && clean && clean.split(/\s+/).length >= 6) {
      return scored({ term, verb: verbFor(term), answer: clean, quality: 0.6 });
    }
  }
  return undefined;
}

function fromGlossaryLine(line: string, alone: boolean): Definition | undefined {
  const match = GLOSSARY_LINE.exec(line.trim().replace(/\*\*/g, ""));
  const term = match?.[1]?.trim();
  const raw = match?.[2]?.trim();
  // A definition is one statement: 'Note: the lab moved. Bring goggles.' is a remark, not a glossary line.
  if (!term || !raw || !isTerm(term) || raw.split(/\s+/).length < MIN_ANSWER_WORDS) return undefined;
  if (sentences(raw).length > 1) return undefined;
  const complete = completeSentence(raw.charAt(0).toUpperCase() + raw.slice(1), {
    whole: alone,
    minWords: 3,
  });
  // Field values and messages are not definitions ('Copyright: 1975-2010 Ulla Upstream').
  if (!complete || !/^\p{L}/u.test(raw) || !/(?<!\p{L})\p{Ll}{3,}\s+\p{Ll}{2,}/u.test(raw)) return undefined;
  const answer = asAnswer(raw);
  if (!answer) return undefined;
  return scored({ term, verb: verbFor(term), answer, quality: 0.8 });
}

/** Headings that name a part of a document, not a thing ('Purpose', 'Requirements'), defer to the one above. */
/** Headings that name a task or a table column, not a thing: 'Invoking asn1Parser', 'Command Description'. */
const NOT_A_THING = /^(?:\p{L}+ing)\s|\b(?:description|descriptions|purpose|overview|details?|examples?)$/iu;
/** Openings that talk about the document, not the subject: 'In this part, we deal with ...'. */
const META =
  /^(?:in this|this (?:section|chapter|part|example|document|manual|guide)|here we|we (?:now|will))\b/i;

function headingTerm(title: string): string | null {
  const bare = title
    .replace(/^(?:\d+(?:\.\d+)*\.?|[A-Z]\.\d+(?:\.\d+)*|chapter\s+\w+[.:]?|appendix\s+\w+[.:]?)\s+/i, "")
    .replace(/\s+:\s+.*$/, "")
    .trim();
  // 'Mitochondria and Energy' names a section's two topics, not a term its opening sentence defines.
  return isTerm(bare) &&
    bare.split(/\s+/).length <= 4 &&
    !NOT_A_THING.test(bare) &&
    !/\s(?:and|&)\s/i.test(bare)
    ? bare
    : null;
}

/**
 * The definitions of a document in order: from each prose block its glossary line or its sentences, and
 * for a section whose opening sentence states no definition, that sentence as its heading's.
 */
function collect(doc: DocumentStructure, pages: readonly string[]): Found[] {
  const found: Found[] = [];
  const sentenceAt = new Map(doc.sentences.map((s) => [`${s.page}:${s.start}`, s]));
  let parentTerm: { term: string; level: number } | null = null;
  doc.sections.forEach((section, index) => {
    if (section.boilerplate) return;
    const term = section.title ? headingTerm(section.title) : null;
    const label = section.title ? LABELS.has(section.title.replace(/^[\d.]+\s+/, "").toLowerCase()) : false;
    if (term) parentTerm = { term, level: section.level };
    else if (!label) parentTerm = null;
    let definedHere = false;
    for (const block of section.blocks) {
      if (block.kind !== "paragraph" && block.kind !== "list") continue;
      const page = pages[block.page - 1] ?? "";
      const own = blockSentences(page, block).filter((s) => sentenceAt.has(`${block.page}:${s.start}`));
      const lines = page.slice(block.bodyStart, block.end).split("\n");
      const paragraphEnds = /^(?:[ \t]*\n[ \t]*\n|\s*$)/.test(page.slice(block.end));
      let glossaryLines = 0;
      lines.forEach((line, i) => {
        // Without a stop, a line ends its definition only where a list item or a paragraph ends.
        const last = i === lines.length - 1;
        const glossary = fromGlossaryLine(line, block.kind === "list" || (last && paragraphEnds));
        if (!glossary) return;
        found.push({ ...glossary, page: block.page, start: block.start + i });
        glossaryLines++;
      });
      if (glossaryLines > 0) {
        definedHere = true;
        continue;
      }
      for (const sentence of own) {
        const definition = fromSentence(sentence.text);
        if (!definition) continue;
        found.push({ ...definition, page: block.page, start: sentence.start });
        definedHere = true;
      }
    }
    // 'asn1_create_element' / 'Creates a structure ...', or 'Purpose' under '/bin : Essential ...'.
    const heading = term ?? (label && parentTerm ? parentTerm.term : null);
    const opening = doc.sentences.find((s) => s.section === index && s.position === 0);
    if (heading && opening && !definedHere) {
      const complete = completeSentence(opening.text, { whole: opening.listItem, minWords: 5 });
      const mentions = words(heading).some((w) => w.content && opening.terms.includes(w.stem));
      const answer = complete && asAnswer(complete.text);
      if (answer && (mentions || LEANING.test(opening.text)) && !META.test(opening.text)) {
        found.push({
          ...scored({ term: heading, verb: verbFor(heading), answer, quality: 0.6 }),
          page: opening.page,
          start: opening.start,
        });
      }
    }
  });
  return found;
}

/** Definition cards in document order, one per term (the first definition of a term wins). */
export function definitionCards(pages: readonly string[], doc = analyzeDocument(pages)): CardDraft[] {
  const lowerCaseWords = new Set(pages.join(" ").match(/\b\p{Ll}[\p{Ll}-]*\b/gu) ?? []);
  const seen = new Set<string>();
  const cards: (CardDraft & { start: number })[] = [];
  for (const found of collect(doc, pages)) {
    const key = termKey(found.term);
    if (seen.has(key)) continue;
    seen.add(key);
    const term = termAsWritten(found.term, lowerCaseWords);
    cards.push({
      term,
      question: `What ${found.verb} ${term}?`,
      answer: found.answer,
      page: found.page,
      quality: Math.round(found.quality * 100) / 100,
      start: found.start,
    });
  }
  return cards.sort((a, b) => a.page - b.page || a.start - b.start).map(({ start: _start, ...card }) => card);
}
