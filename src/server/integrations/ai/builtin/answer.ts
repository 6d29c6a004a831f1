import { CHAT_NOT_FOUND, type Citation } from "#shared/chat/contract.ts";
import type { Answer, AnswerProvider, AnswerRequest, AnswerSource } from "../provider.ts";
import { abbreviationAsked, type Expansion, expansionIn } from "./acronym.ts";
import { bestSentences, coverage, joinQuoted, MIN_COVERAGE } from "./query.ts";
import { definitionAt, isDefinitionQuestion } from "./relevance.ts";
import { smallTalk } from "./small-talk.ts";
import { sentences } from "./text.ts";

/** Chunks quoted at most, and sentences quoted from the best one and from each other one. */
const MAX_CITED = 3;
const FIRST_SENTENCES = 2;
const OTHER_SENTENCES = 1;
/** A further chunk is quoted only if it covers the question nearly as well as the best one. */
const FURTHER_SHARE = 0.8;

const where = (s: AnswerSource) => (s.page ? `${s.title}, p. ${s.page}` : s.title);

/** About this many characters are quoted from a passage no sentence of which names the question's words. */
const OPENING_CHARS = 300;

/** The passage's opening whole sentences, so a quote never stops mid-sentence. */
function opening(text: string): { text: string; start: number; end: number } {
  const found = sentences(text);
  const first = found[0];
  if (!first)
    return { text: text.slice(0, OPENING_CHARS), start: 0, end: Math.min(text.length, OPENING_CHARS) };
  let last = first;
  for (const s of found.slice(1)) {
    if (s.end - first.start > OPENING_CHARS) break;
    last = s;
  }
  return {
    text: found
      .slice(0, found.indexOf(last) + 1)
      .map((s) => s.text)
      .join(" "),
    start: first.start,
    end: last.end,
  };
}

/**
 * 'I couldn't find this...' and where to look: the closest documents by name, or, when no page holds any
 * of the question's words, which words were looked for; only a student with no material at all is asked
 * to upload some.
 */
function notCovered(sources: readonly AnswerSource[], request?: AnswerRequest): Answer {
  const closest = [...new Map(sources.map((s) => [`${s.source}:${s.id}`, s.title])).values()].slice(0, 3);
  const words = (request?.terms ?? [])
    .slice(0, 4)
    .map((t) => `"${t.number ? `${t.word} ${t.number}` : t.word}"`);
  const content = closest.length
    ? `${CHAT_NOT_FOUND} The closest documents are: ${closest.map((t) => `"${t}"`).join(", ")}.`
    : !request?.hasMaterial
      ? `${CHAT_NOT_FOUND} Upload your course materials in the Document Manager so I can answer from them.`
      : words.length
        ? `${CHAT_NOT_FOUND} No page of your documents mentions ${words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : words[0]}.`
        : `${CHAT_NOT_FOUND} Ask about a topic, a term or a page of your documents.`;
  return { content, citations: [] };
}

function materialAnswer(request: AnswerRequest): Answer {
  const terms = request.terms;
  // Task rows beside the material (the exam a question about its content names) are listed after it.
  const tasks = request.sources.filter((s) => s.kind === "task");
  const documents = request.sources.filter((s) => s.kind === "document");
  // Retrieval ranks with IDF over the student's material; a caller without it (a test) gets coverage by
  // the common-word weights, the database's order settling ties.
  const scored = documents.every((s) => s.coverage !== undefined)
    ? documents.map((source, rank) => ({ source, rank, coverage: source.coverage ?? 0 }))
    : documents
        .map((source, rank) => ({ source, rank, coverage: coverage(terms, source.text) }))
        .sort((a, b) => b.coverage - a.coverage || a.rank - b.rank);
  const best = scored[0];
  if (!best || terms.length === 0 || best.coverage < MIN_COVERAGE) {
    return withTasks(notCovered(request.sources.filter((s) => s.kind === "document")), tasks);
  }

  // 'What does FHS stand for?' answered in so many words when the best passage spells it out, with the
  // one sentence that does as its source: the pages that merely use it say nothing more.
  const abbreviation = abbreviationAsked(request.question);
  const definition = isDefinitionQuestion(request.question);
  const expansion: Expansion | null = abbreviation ? expansionIn(abbreviation, best.source.text) : null;
  const cited = scored
    .filter((s) => s.coverage >= Math.max(MIN_COVERAGE, best.coverage * FURTHER_SHARE))
    .slice(0, expansion ? 1 : MAX_CITED);
  const citations: Citation[] = [];
  const lines: string[] = [];
  cited.forEach(({ source }, i) => {
    const n = i + 1;
    // 'What is X?' quotes the sentence that says what X is before others that only name it.
    const best = expansion
      ? bestSentences(terms, source.text, 1, undefined, expansion.start)
      : bestSentences(
          terms,
          source.text,
          i === 0 ? FIRST_SENTENCES : OTHER_SENTENCES,
          undefined,
          definition ? definitionAt(terms, source.text) : undefined,
        );
    const quoted = best.length > 0 ? best : [opening(source.text)];
    const first = quoted[0];
    const last = quoted.at(-1);
    const quote = joinQuoted(source.text, quoted);
    const offset = source.start ?? 0;
    citations.push({
      n,
      kind: "document",
      id: source.id,
      title: source.title,
      ...(source.source ? { source: source.source } : {}),
      ...(source.page ? { page: source.page } : {}),
      quote,
      start: offset + (first?.start ?? 0),
      end: offset + (last?.end ?? 0),
    });
    lines.push(`${quote} [${n}]`);
  });
  const from = [...new Set(cited.map(({ source }) => where(source)))].join("; ");
  const lead = expansion ? `${abbreviation} stands for ${expansion.text}.\n\n` : "";
  return withTasks(
    { content: `${lead}From your materials (${from}):\n\n${lines.join("\n\n")}`, citations },
    tasks,
  );
}

/** The answer, then 'On your task list:' and each task with the next citation numbers. */
function withTasks(answer: Answer, tasks: readonly AnswerSource[]): Answer {
  if (tasks.length === 0) return answer;
  const first = answer.citations.length + 1;
  const lines = tasks.map((t, i) => `${t.text} [${first + i}]`);
  return {
    content: `${answer.content}\n\nOn your task list: ${lines.join("; ")}`,
    citations: [
      ...answer.citations,
      ...tasks.map((t, i) => ({ n: first + i, kind: "task" as const, id: t.id, title: t.title })),
    ],
  };
}

function tasksAnswer(request: AnswerRequest): Answer {
  if (request.sources.length === 0) {
    // What was searched is the answer itself: "You have no overdue tasks." says more than "none match".
    const content = request.searched ? `You have no ${request.searched}.` : "You have no tasks that match.";
    return { content, citations: [] };
  }
  const lines = request.sources.map((s) => `${s.n}. ${s.text} [${s.n}]`);
  const count = request.sources.length;
  return {
    content: `${count === 1 ? "1 task" : `${count} tasks`}:\n${lines.join("\n")}`,
    citations: request.sources.map((s) => ({ n: s.n, kind: "task", id: s.id, title: s.title })),
  };
}

/**
 * The offline engine: extractive. Material questions are answered by quoting the best sentences of the
 * chunks that cover the question, each with its citation; task questions by the exact list.
 */
export const builtinProvider: AnswerProvider = {
  id: "builtin",
  async answer(request, onDelta) {
    const chat = request.mode === "tasks" ? null : smallTalk(request.question);
    const answer: Answer = chat
      ? { content: chat, citations: [] }
      : request.mode === "tasks"
        ? tasksAnswer(request)
        : request.mode === "material"
          ? materialAnswer(request)
          : notCovered([], request);
    onDelta?.(answer.content);
    return answer;
  },
};
