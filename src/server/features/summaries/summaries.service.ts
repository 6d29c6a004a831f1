import { builtinCards, builtinQuiz, builtinSummary } from "#server/integrations/ai/builtin/engine-pool.ts";
import { modelCards, modelQuiz, modelSummary } from "#server/integrations/ai/model-drafts.ts";
import { type Complete, createOpenAiProvider } from "#server/integrations/ai/openai.ts";
import { providerFailureDetail } from "#server/integrations/ai/provider-errors.ts";
import type { Provider } from "#shared/chat/contract.ts";
import type { DocumentPage } from "#shared/study/contract.ts";
import {
  type CardDraft,
  type QuizDraftQuestion,
  RECENT_DOCUMENTS_SHOWN,
  type RecentDocument,
  type SummaryStyle,
} from "#shared/summaries/contract.ts";
import type { AppConfig } from "../../config.ts";
import { unprocessable } from "../../lib/errors.ts";
import type { ChatService } from "../chat/chat.service.ts";
import type { MaterialsService } from "../materials/materials.service.ts";
import type { ServiceLog } from "../notifications/notifications.service.ts";
import { assertReadable } from "../study/stored-upload.ts";
import type { StudyService } from "../study/study.service.ts";

/** Each page's text at its number's place (page n at index n - 1), blank pages kept as gaps. */
export function pageTexts(content: string, pages: readonly DocumentPage[] | null): string[] {
  if (!pages?.length) return [content];
  const texts: string[] = Array.from({ length: Math.max(...pages.map((p) => p.page)) }, () => "");
  for (const p of pages) texts[p.page - 1] = content.slice(p.start, p.end);
  return texts;
}

type DraftSource = "study" | "material";

interface Produced<T> {
  value: T;
  provider: Provider;
  note?: string;
}

/**
 * Issue 15: summaries of pasted text, PDFs and stored documents, the card's stored 'AI Summary', and
 * flashcard and quiz drafts from a document. The configured model writes them when there is one; the
 * built-in engine (extractive, offline) does otherwise, and whenever the model fails or answers with
 * something unusable, saying so in `note`.
 */
export function createSummariesService(deps: {
  config: AppConfig;
  study: StudyService;
  materials: MaterialsService;
  chat: ChatService;
  /** Where a provider's failure is reported (redacted); the student sees only a fixed note. */
  log?: ServiceLog;
}) {
  const { config, study, materials, chat, log } = deps;
  const openai = createOpenAiProvider(config.openai);

  async function produce<T>(
    userId: number,
    withModel: (complete: Complete, model: string) => Promise<T>,
    builtin: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<Produced<T>> {
    if (!openai) return { value: await builtin(), provider: "builtin" };
    const { model } = await chat.providerInfo(userId);
    try {
      return { value: await withModel(openai.complete, model ?? "gpt-4o"), provider: "openai" };
    } catch (err) {
      if (signal?.aborted) throw err; // the student went away: nothing to fall back for
      // The provider's own words can quote the key: the log gets them redacted, the student a fixed note.
      log?.warn(
        { provider: providerFailureDetail(err, [config.openai.apiKey]) },
        "AI model failed; made with the built-in engine",
      );
      return {
        value: await builtin(),
        provider: "builtin",
        note: "The AI model could not answer; this is from the built-in engine.",
      };
    }
  }

  /**
   * `onDelta` receives the model's summary as it is written. When the model fails part way, the built-in
   * engine's summary is the answer: the caller replaces what it showed with the returned `summary`.
   */
  async function summarizePages(
    userId: number,
    pages: readonly string[],
    style: SummaryStyle,
    onDelta?: (text: string) => void,
    signal?: AbortSignal,
  ) {
    const made = await produce(
      userId,
      (complete, model) => modelSummary(complete, model, pages, style, signal, onDelta),
      () => builtinSummary([...pages], style, String(userId)),
      signal,
    );
    if (!made.value.trim()) throw unprocessable("There is not enough text here to summarize.");
    return { summary: made.value, provider: made.provider, ...(made.note ? { note: made.note } : {}) };
  }

  /** A study document's or a course material's pages: drafts come from either the same way. */
  const documentPages = async (userId: number, source: DraftSource, id: number) => {
    if (source === "material") {
      const doc = await materials.text(userId, "material", id);
      return pageTexts(doc.content, doc.pages);
    }
    const doc = assertReadable(await study.getDocument(userId, id));
    return pageTexts(doc.content, doc.pages);
  };

  return {
    summarizeText: (
      userId: number,
      text: string,
      style: SummaryStyle,
      onDelta?: (text: string) => void,
      signal?: AbortSignal,
    ) => summarizePages(userId, [text], style, onDelta, signal),
    summarizePages,

    async summarizeDocument(userId: number, source: "material" | "study", id: number, style: SummaryStyle) {
      const doc = await materials.text(userId, source, id);
      return summarizePages(userId, pageTexts(doc.content, doc.pages), style);
    },

    /** Study-set documents and course materials, newest first, for the summarizer's one-click list. */
    async recent(userId: number): Promise<RecentDocument[]> {
      const [docs, mats] = await Promise.all([
        study.recentDocuments(userId, RECENT_DOCUMENTS_SHOWN),
        materials.list(userId),
      ]);
      const all: RecentDocument[] = [
        ...docs.map((d) => ({
          source: "study" as const,
          id: d.id,
          title: d.title,
          fileType: d.fileType,
          place: d.setTitle,
          createdAt: d.createdAt,
        })),
        ...mats
          .filter((m) => m.status === "ready")
          .map((m) => ({
            source: "material" as const,
            id: m.id,
            title: m.title,
            fileType: m.fileType,
            place: null,
            createdAt: m.createdAt,
          })),
      ];
      return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_DOCUMENTS_SHOWN);
    },

    async storeSummary(userId: number, id: number, style: SummaryStyle) {
      const doc = assertReadable(await study.getOwnDocument(userId, id));
      const made = await summarizePages(userId, pageTexts(doc.content, doc.pages), style);
      const stored = await study.setSummary(userId, id, made.summary);
      return { ...stored, provider: made.provider, ...(made.note ? { note: made.note } : {}) };
    },

    async removeSummary(userId: number, id: number) {
      await study.setSummary(userId, id, null);
    },

    async cardDrafts(userId: number, id: number, source: DraftSource = "study") {
      const pages = await documentPages(userId, source, id);
      const made = await produce<CardDraft[]>(
        userId,
        (complete, model) => modelCards(complete, model, pages),
        () => builtinCards(pages, String(userId)),
      );
      return { provider: made.provider, cards: made.value, ...(made.note ? { note: made.note } : {}) };
    },

    /**
     * Without a model the questions are the document's definitions and cloze sentences, with distractors
     * of the same kind from the same document (builtin/drafts.ts).
     */
    async quizDrafts(userId: number, id: number, source: DraftSource = "study") {
      const pages = await documentPages(userId, source, id);
      const made = await produce<QuizDraftQuestion[]>(
        userId,
        (complete, model) => modelQuiz(complete, model, pages),
        () => builtinQuiz(pages, String(userId)),
      );
      return { provider: made.provider, questions: made.value, ...(made.note ? { note: made.note } : {}) };
    },
  };
}
export type SummariesService = ReturnType<typeof createSummariesService>;
