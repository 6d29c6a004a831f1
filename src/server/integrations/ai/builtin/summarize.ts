import type { SUMMARY_STYLES } from "#shared/constants.ts";
import { completeSentence } from "./complete.ts";
import { rankSentences } from "./rank.ts";
import { analyzeDocument, type DocSentence, type Section } from "./structure.ts";

/**
 * The built-in summarizer (SPEC §9 styles): extractive, so every sentence it returns is one the student's
 * text contains, with its page. brief = the document's opening statement and the most central sentences,
 * 3 in document order; bullets = 3 to 7 key sentences; detailed = the key sentences of each section under its heading. Only complete sentences
 * are ever chosen (complete.ts: no fragment, no lead-in ending on a colon, no code, no boilerplate), and
 * boilerplate never reaches the ranking (structure.ts leaves it out), so the same text always gives the
 * same summary.
 */

export type SummaryStyle = (typeof SUMMARY_STYLES)[number];

export interface Summary {
  style: SummaryStyle;
  /** Markdown-ish: '- ' bullets, '## ' headings, blank lines between blocks. */
  text: string;
  /** The chosen sentences in the order the text shows them. */
  sentences: { text: string; page: number }[];
}

const BRIEF_SENTENCES = 3;
const BULLETS = { min: 3, max: 7, sentencesPerBullet: 6 };
const DETAILED = { maxPerSection: 3, sentencesPerPick: 4 };
/** Two sentences this similar say the same thing; the lower-ranked one is never picked. */
const DUPLICATE_SIMILARITY = 0.5;
/** Random jumps land this much more often on the first and second sentence of a section. */
const OPENING_PRIOR = [3, 1.5];
/** Sentences leaning on an earlier one ('It ...', 'This ...') read badly out of context. */
const DANGLING_START = /^(?:it|its|this|that|these|those|they|their|he|she|his|her|such|here|there)\b/i;
const DANGLING_FACTOR = 0.7;

interface Candidate extends Shown {
  index: number;
  score: number;
}

/**
 * A brief summary opens with the document's own opening statement when it has one: among its first
 * LEAD_WINDOW sentences, the first that is at least half as central as the median sentence (so a
 * dedication or a remark on typography is passed over), is not a list item and does not lean on an
 * earlier sentence. The opening of an introduction says what the document is about ('Classes provide a
 * means of bundling data and functionality together.'), which the most central sentences, deep in the
 * details, rarely do. Sections that are about the document rather than its subject never give it.
 */
const LEAD_WINDOW = 8;
const LEAD_CENTRALITY = 0.5;
const NOT_A_LEAD_TITLE =
  /\b(?:dedication|acknowledg(?:e)?ments?|thanks|conventions|typographic|colophon|about this (?:manual|document|guide|book)|how to (?:read|use) this)\b/i;

const MIN_WORDS = 5;
const MAX_WORDS = 60;

interface Shown extends DocSentence {
  /** The sentence as the summary shows it: `text`, with a final stop when a slide line had none. */
  shown: string;
}

/**
 * Markdown's bold marks go from a summary's sentences ('**procedural**' -> 'procedural'): a summary is
 * shown and copied as plain text, where they were two pairs of stray asterisks. Only a pair that opens
 * after a space or at the start and closes before a non-word: '**kwargs' and 'x ** 2' stay as written.
 */
const withoutBold = (text: string) =>
  text.replace(/(^|[\s(“"'])\*\*(?=\S)([^*\n]+?)(?<=\S)\*\*(?![\w*])/g, "$1$2");

/** Prose worth quoting: a complete sentence of 5 to 60 words (fewer for a text that has no longer ones), not a question. */
function asCandidate(sentence: DocSentence, minWords: number, slides: boolean): Shown | null {
  const count = sentence.text.split(" ").length;
  if (count > MAX_WORDS || sentence.text.endsWith("?")) return null;
  if (minWords >= MIN_WORDS && sentence.terms.length < 2) return null;
  // A line without a stop is a sentence on a slide or in a list; in a manual it is a title or a caption.
  const whole = sentence.alone && (sentence.listItem || slides);
  const complete = completeSentence(sentence.text, { whole, minWords });
  return complete ? { ...sentence, shown: withoutBold(complete.text) } : null;
}

/** A text this much made of lines without a final stop is slides or notes, whose lines are its sentences. */
const SLIDE_SHARE = 0.3;

const punctuated = (s: DocSentence) => /[.!?]["'”’)\]]*$/.test(s.text);

/**
 * The cover of a document of 3+ pages: its first page with text, when no sentence there ends with a stop
 * (a title, a subtitle, authors, a date). Its lines are never taken for sentences.
 */
function coverPage(all: readonly DocSentence[]): number | null {
  const first = all[0]?.page;
  if (first === undefined || (all.at(-1)?.page ?? first) - first < 2) return null;
  return all.some((s) => s.page === first && punctuated(s)) ? null : first;
}

function openingStatement(
  candidates: readonly Candidate[],
  sections: readonly Section[],
): Candidate | undefined {
  const scores = candidates.map((c) => c.score).sort((a, b) => a - b);
  const median = scores[Math.floor(scores.length / 2)] ?? 0;
  return candidates
    .slice(0, LEAD_WINDOW)
    .find(
      (c) =>
        c.score >= median * LEAD_CENTRALITY &&
        !c.listItem &&
        !DANGLING_START.test(c.text) &&
        !NOT_A_LEAD_TITLE.test(sections[c.section]?.title ?? ""),
    );
}

function rankCandidates(all: DocSentence[]) {
  const unpunctuated = all.filter((s) => s.alone && !punctuated(s)).length;
  const slides = unpunctuated >= all.length * SLIDE_SHARE;
  const cover = coverPage(all);
  const usable = all.filter((s) => s.page !== cover);
  let pool = usable.flatMap((s) => asCandidate(s, MIN_WORDS, slides) ?? []);
  if (pool.length === 0) pool = usable.flatMap((s) => asCandidate(s, 1, slides) ?? []);
  const ranking = rankSentences(
    pool.map((s) => s.terms),
    pool.map((s) => OPENING_PRIOR[s.position] ?? 1),
  );
  const candidates: Candidate[] = pool.map((s, index) => ({
    ...s,
    index,
    score: (ranking.scores[index] ?? 0) * (DANGLING_START.test(s.text) ? DANGLING_FACTOR : 1),
  }));
  return { candidates, similarity: ranking.similarity };
}

/** Greedy by score, skipping near-duplicates of anything already picked (here or in `taken`). */
function pick(
  candidates: readonly Candidate[],
  count: number,
  similarity: (a: number, b: number) => number,
  taken: Candidate[] = [],
): Candidate[] {
  const chosen: Candidate[] = [];
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.length >= count) break;
    const duplicate = [...taken, ...chosen].some(
      (other) => similarity(candidate.index, other.index) >= DUPLICATE_SIMILARITY,
    );
    if (!duplicate) chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.index - b.index);
}

const asProse = (chosen: Candidate[]) => chosen.map((c) => c.shown).join(" ");

/** Headings that label an aside rather than name a part: their sentences belong to the section above. */
const ASIDE_TITLES =
  /^(?:notes?|tips?|hints?|warnings?|cautions?|important|examples?|remarks?|see also|nb)$/i;

function renderDetailed(sections: Section[], picked: Map<number, Candidate[]>): string {
  const parts: string[] = [];
  sections.forEach((section, i) => {
    const chosen = picked.get(i);
    if (!chosen?.length || section.boilerplate) return;
    if (section.title && !ASIDE_TITLES.test(section.title)) parts.push(`## ${section.title}`);
    parts.push(asProse(chosen));
  });
  return parts.join("\n\n");
}

export function summarize(pages: readonly string[], style: SummaryStyle = "brief"): Summary {
  const { sections, sentences } = analyzeDocument(pages);
  const { candidates, similarity } = rankCandidates(sentences);
  if (candidates.length === 0) return { style, text: "", sentences: [] };
  const out = (chosen: Candidate[], text: string): Summary => ({
    style,
    text,
    sentences: chosen.map((c) => ({ text: c.text, page: c.page })),
  });

  if (style === "brief") {
    const lead = openingStatement(candidates, sections);
    const taken = lead ? [lead] : [];
    const rest = candidates.filter((c) => c !== lead);
    const chosen = [...taken, ...pick(rest, BRIEF_SENTENCES - taken.length, similarity, taken)].sort(
      (a, b) => a.index - b.index,
    );
    return out(chosen, asProse(chosen));
  }
  if (style === "bullets") {
    const wanted = Math.round(candidates.length / BULLETS.sentencesPerBullet);
    const chosen = pick(candidates, Math.min(BULLETS.max, Math.max(BULLETS.min, wanted)), similarity);
    return out(chosen, chosen.map((c) => `- ${c.shown}`).join("\n"));
  }
  const picked = new Map<number, Candidate[]>();
  const taken: Candidate[] = [];
  sections.forEach((_, i) => {
    const own = candidates.filter((c) => c.section === i);
    if (own.length === 0) return;
    const wanted = Math.round(own.length / DETAILED.sentencesPerPick);
    const chosen = pick(own, Math.min(DETAILED.maxPerSection, Math.max(1, wanted)), similarity, taken);
    taken.push(...chosen);
    picked.set(i, chosen);
  });
  return out(taken, renderDetailed(sections, picked));
}
