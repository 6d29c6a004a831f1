import { buildQuiz, normalizeAnswer, seededRng, shuffle } from "#shared/flashcards/quiz.ts";
import type { CardDraft, QuizDraftQuestion } from "#shared/summaries/contract.ts";
import { type ClozeDraft, clozeDrafts, clozeTermKey } from "./cloze.ts";
import { definitionCards } from "./definitions.ts";
import { analyzeDocument } from "./structure.ts";

/**
 * The built-in engine's flashcard and quiz drafts: the document's definitions first ('What is X?'), then
 * cloze drafts from its key sentences for what it states without defining, in document order. A draft
 * below SELECTED_QUALITY comes unticked: the student sees it and may take it, but 'Add' does not take it
 * unasked. Quizzes ask the same definitions and cloze sentences, with distractors of the same kind from
 * the same document. Deterministic: the same document gives the same drafts and the same quiz.
 */

/** Drafts at or above this quality are ticked when the list opens. */
export const SELECTED_QUALITY = 0.6;
const MAX_CARDS = 80;
/** About one cloze draft for this many sentences of the document, within the bounds below. */
const SENTENCES_PER_CLOZE = 12;
const CLOZE = { min: 5, max: 30 };
const MAX_QUIZ = 20;
const QUIZ_OPTIONS = 4;

function plan(pages: readonly string[]) {
  const doc = analyzeDocument(pages);
  const definitions = definitionCards(pages, doc);
  const wanted = Math.min(
    CLOZE.max,
    Math.max(CLOZE.min, Math.round(doc.sentences.length / SENTENCES_PER_CLOZE)),
  );
  const room = Math.max(0, Math.min(wanted, MAX_CARDS - definitions.length));
  const definedStarts = new Set<string>();
  const asked = new Set(definitions.map((d) => clozeTermKey(d.term)));
  // Sentences already made into definition cards are not asked again as cloze.
  const answers = new Set(definitions.map((d) => normalizeAnswer(d.answer)));
  for (const s of doc.sentences) {
    if ([...answers].some((a) => normalizeAnswer(s.text).endsWith(a)))
      definedStarts.add(`${s.page}:${s.start}`);
  }
  // Twice as many as shown: the rest are the quiz's distractors of the same kind.
  const cloze = clozeDrafts(doc, room * 2, definedStarts, asked);
  const shown = [...cloze].sort((a, b) => b.quality - a.quality).slice(0, room);
  const shownSet = new Set(shown);
  return {
    definitions: definitions.slice(0, MAX_CARDS),
    cloze: cloze.filter((c) => shownSet.has(c)),
    spare: cloze,
  };
}

export function draftCards(pages: readonly string[]): CardDraft[] {
  const { definitions, cloze } = plan(pages);
  const cards: (CardDraft & { order: number })[] = [
    ...definitions.map((d, i) => ({
      kind: "definition" as const,
      question: d.question,
      answer: d.answer,
      page: d.page,
      quality: d.quality,
      selected: d.quality >= SELECTED_QUALITY,
      order: i,
    })),
    ...cloze.map((c, i) => ({
      kind: "cloze" as const,
      question: c.question,
      answer: c.answer,
      cloze: c.cloze,
      page: c.page,
      quality: c.quality,
      selected: c.quality >= SELECTED_QUALITY,
      order: definitions.length + i,
    })),
  ];
  return cards.map(({ order: _order, ...card }) => card);
}

/** A number from the text, so the same document shuffles its options the same way every time. */
function seedOf(pages: readonly string[]): number {
  let hash = 2166136261;
  for (const page of pages) {
    for (let i = 0; i < page.length; i += 97) hash = Math.imul(hash ^ page.charCodeAt(i), 16777619);
    hash = Math.imul(hash ^ page.length, 16777619);
  }
  return hash >>> 0;
}

/** Other terms of the same kind, nearest in length first: a name against names, an identifier against identifiers. */
function clozeDistractors(question: ClozeDraft, pool: readonly ClozeDraft[]): string[] {
  const right = normalizeAnswer(question.answer);
  const seen = new Set([right]);
  const ranked = [...pool]
    .filter((c) => c !== question)
    .sort(
      (a, b) =>
        Number(b.termKind === question.termKind) - Number(a.termKind === question.termKind) ||
        Math.abs(a.answer.length - question.answer.length) -
          Math.abs(b.answer.length - question.answer.length) ||
        a.answer.localeCompare(b.answer),
    );
  const out: string[] = [];
  for (const c of ranked) {
    const norm = normalizeAnswer(c.answer);
    if (seen.has(norm)) continue;
    seen.add(norm);
    out.push(c.answer);
    if (out.length === QUIZ_OPTIONS - 1) break;
  }
  return out;
}

/**
 * Multiple-choice questions without a model: each definition asked with other definitions of the
 * document as distractors (the quiz rules of the Study Center, buildQuiz), then cloze sentences with
 * other key terms of the same kind. The best drafts first, at most MAX_QUIZ.
 */
export function draftQuiz(pages: readonly string[]): QuizDraftQuestion[] {
  const { definitions, cloze, spare } = plan(pages);
  const rng = seededRng(seedOf(pages));
  const fromDefinitions = buildQuiz(
    definitions.map((d, i) => ({ id: i, question: d.question, answer: d.answer })),
    rng,
  )
    .filter((q) => q.options.length >= 3)
    .map((q) => ({
      question: q.question,
      options: q.options,
      answer: q.answer,
      page: definitions[q.cardId]?.page ?? 1,
      quality: definitions[q.cardId]?.quality ?? 0,
    }));
  const fromCloze = cloze.flatMap((c) => {
    const distractors = clozeDistractors(c, spare);
    if (distractors.length < 2) return [];
    return [
      {
        question: c.question,
        options: shuffle([c.answer, ...distractors], rng),
        answer: c.answer,
        page: c.page,
        quality: c.quality,
      },
    ];
  });
  return [...fromDefinitions, ...fromCloze]
    .sort((a, b) => b.quality - a.quality)
    .slice(0, MAX_QUIZ)
    .map(({ quality: _quality, ...q }) => q);
}
