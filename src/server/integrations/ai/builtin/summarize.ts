import type { SUMMARY_STYLES } from "#shared/constants.ts";
import { rankSentences } from "./rank.ts";
import { analyzeDocument, type DocSentence, type Section } from "./structure.ts";

/**
 * The built-in summarizer (SPEC §9 styles): extractive, so every sentence it returns is one the student's
 * text contains, with its page. brief = the 3 most central sentences in document order; bullets = 3 to 7
 * key sentences; detailed = the key sentences of each section under its heading.
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

interface Candidate extends DocSentence {
  index: number;
  score: number;
}

/** Prose worth quoting: a full sentence of 5 to 60 words, not a question. */
function isCandidate(sentence: DocSentence): boolean {
  const count = sentence.text.split(" ").length;
  return count >= 5 && count <= 60 && sentence.terms.length >= 2 && !sentence.text.endsWith("?");
}

function rankCandidates(all: DocSentence[]) {
  const usable = all.filter(isCandidate);
  const pool = usable.length > 0 ? usable : all;
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

/** Slide lines often carry no final stop; one is added when sentences run together as prose. */
const asProse = (chosen: Candidate[]) =>
  chosen.map((c) => (/[.!?]["'”’)\]]*$/.test(c.text) ? c.text : `${c.text}.`)).join(" ");

function renderDetailed(sections: Section[], picked: Map<number, Candidate[]>): string {
  const parts: string[] = [];
  sections.forEach((section, i) => {
    const chosen = picked.get(i);
    if (!chosen?.length) return;
    if (section.title) parts.push(`## ${section.title}`);
    parts.push(asProse(chosen));
  });
  return parts.join("\n\n");
}

export function summarize(pages: readonly string[], style: SummaryStyle = "brief"): Summary {
  const { sections, sentences } = analyzeDocument(pages);
  if (sentences.length === 0) return { style, text: "", sentences: [] };
  const { candidates, similarity } = rankCandidates(sentences);
  const out = (chosen: Candidate[], text: string): Summary => ({
    style,
    text,
    sentences: chosen.map((c) => ({ text: c.text, page: c.page })),
  });

  if (style === "brief") {
    const chosen = pick(candidates, BRIEF_SENTENCES, similarity);
    return out(chosen, asProse(chosen));
  }
  if (style === "bullets") {
    const wanted = Math.round(candidates.length / BULLETS.sentencesPerBullet);
    const chosen = pick(candidates, Math.min(BULLETS.max, Math.max(BULLETS.min, wanted)), similarity);
    return out(chosen, chosen.map((c) => `- ${c.text}`).join("\n"));
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
