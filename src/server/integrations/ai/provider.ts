import type { Citation, Provider } from "#shared/chat/contract.ts";
import type { QuestionTerm } from "./builtin/query.ts";

/**
 * What every answering engine receives: the question and the numbered sources retrieval found (chunks
 * of the student's documents, or task rows), and what it gives back. The built-in engine quotes the
 * sources; a model writes from them and must cite them as [n].
 */
export interface AnswerSource {
  n: number;
  kind: "document" | "task";
  id: number;
  title: string;
  source?: "material" | "study";
  page?: number;
  /** The chunk's text, or the task's line. */
  text: string;
  /** Offset of `text` in the document's whole text. */
  start?: number;
  /**
   * Retrieval's verdict on a document chunk: the IDF-weighted share of the question it holds, 0..1. The
   * sources come best first.
   */
  coverage?: number;
}

export interface AnswerRequest {
  question: string;
  /**
   * The question's content words as retrieval searched with them (builtin/query.ts questionTerms), so
   * the built-in engine scores the passages with the same terms instead of analysing the question again.
   * Empty when nothing was searched (a task question without material).
   */
  terms: readonly QuestionTerm[];
  /** 'material' (retrieved chunks), 'tasks' (rows from the database), 'none' (nothing retrieved). */
  mode: "material" | "tasks" | "none";
  sources: AnswerSource[];
  /** With no sources: whether the searched material holds anything at all (else there is none yet). */
  hasMaterial?: boolean;
  /** For a task question, what was searched ('open homework in MATH 151'), said when nothing matches. */
  searched?: string;
  /** Earlier turns of the conversation, oldest first. */
  history: { isUser: boolean; content: string }[];
  /** The student's zone, for dates in the answer. */
  timeZone: string;
  model?: string;
}

export interface Answer {
  content: string;
  citations: Citation[];
}

export interface AnswerProvider {
  id: Provider;
  /** `onDelta` receives the answer's text as it is produced (the whole answer at once if not streamed). */
  answer(request: AnswerRequest, onDelta?: (text: string) => void, signal?: AbortSignal): Promise<Answer>;
}
