import { z } from "zod";
import { QUIZ_MAX_OPTIONS } from "#shared/constants.ts";
import { normalizeAnswer, shuffle } from "#shared/flashcards/quiz.ts";
import type { CardDraft, QuizDraftQuestion, SummaryStyle } from "#shared/summaries/contract.ts";
import type { Complete } from "./openai.ts";

/**
 * The model path of issue 15: summaries in the three SPEC §9 styles, flashcard and quiz drafts. A long
 * document is cut into parts that fit one request (by page, then by paragraph), so nothing past the
 * context window is silently dropped: summaries map each part to notes and reduce the notes; drafts are
 * asked part by part. Whatever the model sends back as JSON is validated here; invalid items are dropped.
 */

/** About 6,000 tokens of text per request: room for the prompt and the answer in an 8k-context model. */
export const PART_CHARS = 24_000;
const MAX_CARDS = 60;
const MAX_QUESTIONS = 20;

const STYLE_RULES: Record<SummaryStyle, string> = {
  brief: "Write a brief summary of the text in exactly 3 plain sentences. No heading, no list.",
  detailed:
    "Write a detailed summary that follows the text's sections: for each section a line '## <section title>' and then 1 to 3 sentences on its key points.",
  bullets: "Summarize the text as 3 to 7 bullet points, one key point each, every line starting with '- '.",
};
const GROUNDING =
  "Use only facts the text states. Write in the text's language. Answer with the summary only.";

/** A page marker the model can cite: drafts name their page from it. */
const marked = (page: number, text: string) => `[Page ${page}]\n${text.trim()}`;

/**
 * The document as parts of at most `limit` characters, each page marked. Pages stay whole where they
 * fit; a longer page is cut at blank lines (or, failing that, anywhere).
 */
export function documentParts(pages: readonly string[], limit = PART_CHARS): string[] {
  const pieces: string[] = [];
  pages.forEach((text, i) => {
    if (!text.trim()) return;
    const page = i + 1;
    if (text.length <= limit) {
      pieces.push(marked(page, text));
      return;
    }
    let current = "";
    const flush = () => {
      if (current.trim()) pieces.push(marked(page, current));
      current = "";
    };
    for (const paragraph of text.split(/\n\s*\n/)) {
      for (let at = 0; at < paragraph.length; at += limit) {
        const piece = paragraph.slice(at, at + limit);
        if (current.length + piece.length + 2 > limit) flush();
        current += `${piece}\n\n`;
      }
    }
    flush();
  });
  const parts: string[] = [];
  let current = "";
  for (const piece of pieces) {
    if (current && current.length + piece.length + 2 > limit) {
      parts.push(current);
      current = "";
    }
    current = current ? `${current}\n\n${piece}` : piece;
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * Notes are joined and reduced again until they fit one request (a very long document, a few rounds).
 * With `onDelta` the final step streams there; the map steps are notes nobody reads, so they stay whole.
 */
export async function modelSummary(
  complete: Complete,
  model: string,
  pages: readonly string[],
  style: SummaryStyle,
  signal?: AbortSignal,
  onDelta?: (text: string) => void,
): Promise<string> {
  let parts = documentParts(pages);
  for (let round = 0; parts.length > 1 && round < 4; round++) {
    const notes: string[] = [];
    for (const part of parts) {
      notes.push(
        await complete(
          {
            model,
            system: `You take notes on one part of a longer document. List its key facts as short '- ' lines, keeping the section headings it has as '## ' lines. ${GROUNDING}`,
            user: part,
          },
          signal,
        ),
      );
    }
    parts = documentParts([notes.join("\n\n")]);
  }
  const summary = await complete(
    { model, system: `${STYLE_RULES[style]} ${GROUNDING}`, user: parts[0] ?? "" },
    signal,
    onDelta,
  );
  return summary.trim();
}

/** The model's JSON, or null when the reply is not JSON at all (code fences are tolerated). */
function parseJson(reply: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(reply);
  try {
    return JSON.parse(fenced?.[1] ?? reply);
  } catch {
    return null;
  }
}

/** A list named `key` in the reply's object, or the reply itself when it is a bare list. */
function itemsOf(reply: string, key: string): unknown[] | null {
  const json = parseJson(reply);
  if (Array.isArray(json)) return json;
  const items = (json as Record<string, unknown> | null)?.[key];
  return Array.isArray(items) ? items : null;
}

const pageField = (pageCount: number) => z.coerce.number().int().min(1).max(pageCount);
const text = (max: number) => z.string().trim().min(1).max(max);

const modelCardSchema = (pageCount: number) =>
  z.object({ question: text(1000), answer: text(2000), page: pageField(pageCount) });

/**
 * Flashcard drafts from a model reply `{"cards": [{question, answer, page}]}`. Items that fail the
 * schema (missing fields, a page the document does not have) are dropped; a reply that is not JSON with
 * such a list is an error for the caller, which falls back to the built-in engine.
 */
export function parseCardDrafts(reply: string, pageCount: number): CardDraft[] {
  const items = itemsOf(reply, "cards");
  if (!items) throw new Error("the model's reply was not the JSON asked for");
  const schema = modelCardSchema(pageCount);
  const seen = new Set<string>();
  const cards: CardDraft[] = [];
  for (const item of items) {
    const card = schema.safeParse(item);
    if (!card.success) continue;
    const key = normalizeAnswer(card.data.question);
    if (seen.has(key)) continue;
    seen.add(key);
    cards.push(card.data);
  }
  return cards;
}

const modelQuestionSchema = (pageCount: number) =>
  z.object({
    question: text(1000),
    answer: text(500),
    distractors: z.array(z.string()).min(1),
    page: pageField(pageCount),
  });

/** A distractor this much shorter or longer than the answer gives itself away. */
const PLAUSIBLE_LENGTH_RATIO = 3;

function plausible(answer: string, distractor: string): boolean {
  const ratio = (distractor.length + 1) / (answer.length + 1);
  return ratio >= 1 / PLAUSIBLE_LENGTH_RATIO && ratio <= PLAUSIBLE_LENGTH_RATIO;
}

/**
 * Quiz drafts from a model reply `{"questions": [{question, answer, distractors, page}]}`, kept to the
 * Study Center's quiz rules: options distinct once normalized (never two that read the same), distractors
 * plausible (near the answer's length, at least two of them), at most QUIZ_MAX_OPTIONS options, and the
 * right answer strictly the longest option no more often than chance would make it: such questions past
 * that share are dropped, since "pick the longest" must not beat guessing. Each question keeps its page.
 */
export function parseQuizDrafts(reply: string, pageCount: number, rng = Math.random): QuizDraftQuestion[] {
  const items = itemsOf(reply, "questions");
  if (!items) throw new Error("the model's reply was not the JSON asked for");
  const schema = modelQuestionSchema(pageCount);
  const candidates: (QuizDraftQuestion & { longest: boolean })[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (!parsed.success) continue;
    const { question, answer, page } = parsed.data;
    if (seen.has(normalizeAnswer(question))) continue;
    const used = new Set([normalizeAnswer(answer)]);
    const distractors: string[] = [];
    for (const raw of parsed.data.distractors) {
      const d = typeof raw === "string" ? raw.trim() : "";
      const norm = normalizeAnswer(d);
      if (!d || used.has(norm) || !plausible(answer, d)) continue;
      used.add(norm);
      distractors.push(d);
      if (distractors.length === QUIZ_MAX_OPTIONS - 1) break;
    }
    if (distractors.length < 2) continue;
    seen.add(normalizeAnswer(question));
    const longest = distractors.every((d) => normalizeAnswer(d).length < normalizeAnswer(answer).length);
    candidates.push({ question, answer, page, options: shuffle([answer, ...distractors], rng), longest });
  }
  // Over the kept questions, "longest" may win at most as often as a blind guess: the sum of 1/options.
  let chance = candidates.reduce((sum, q) => sum + (q.longest ? 0 : 1 / q.options.length), 0);
  let longest = 0;
  const kept = candidates.filter((q) => {
    if (!q.longest) return true;
    // One such question is no system: a one-question quiz may have its longest answer right.
    if (longest + 1 > Math.max(1, chance + 1 / q.options.length)) return false;
    longest += 1;
    chance += 1 / q.options.length;
    return true;
  });
  return kept.map(({ longest: _longest, ...q }) => q);
}

const CARD_PROMPT = `You write flashcards from a student's document. Each card states one fact: a definition, a term, a date, a cause, a formula. The text is marked with [Page N] lines.
Answer with JSON only: {"cards": [{"question": "...", "answer": "...", "page": N}]}, where page is the page the fact is on. At most 15 cards per text. Use only facts the text states.`;

const QUIZ_PROMPT = `You write multiple-choice questions from a student's document. The text is marked with [Page N] lines.
Answer with JSON only: {"questions": [{"question": "...", "answer": "...", "distractors": ["...", "...", "..."], "page": N}]}.
Rules: 3 distractors per question, each plausible (the same kind of thing as the answer and about as long), all different from each other and from the answer; the answer must not be the longest option more often than the others; page is the page the answer is on. At most 10 questions per text. Use only facts the text states.`;

/** Cards from every part of the document, in its order, one per question. */
export async function modelCards(
  complete: Complete,
  model: string,
  pages: readonly string[],
  signal?: AbortSignal,
): Promise<CardDraft[]> {
  const cards: CardDraft[] = [];
  const seen = new Set<string>();
  for (const part of documentParts(pages)) {
    const reply = await complete({ model, system: CARD_PROMPT, user: part, json: true }, signal);
    for (const card of parseCardDrafts(reply, pages.length)) {
      const key = normalizeAnswer(card.question);
      if (seen.has(key)) continue;
      seen.add(key);
      cards.push(card);
    }
    if (cards.length >= MAX_CARDS) break;
  }
  return cards.slice(0, MAX_CARDS);
}

export async function modelQuiz(
  complete: Complete,
  model: string,
  pages: readonly string[],
  signal?: AbortSignal,
): Promise<QuizDraftQuestion[]> {
  const questions: QuizDraftQuestion[] = [];
  for (const part of documentParts(pages)) {
    const reply = await complete({ model, system: QUIZ_PROMPT, user: part, json: true }, signal);
    questions.push(...parseQuizDrafts(reply, pages.length));
    if (questions.length >= MAX_QUESTIONS) break;
  }
  return questions.slice(0, MAX_QUESTIONS);
}
