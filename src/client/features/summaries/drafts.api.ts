import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { AcceptCardsInput } from "#shared/flashcards/contract.ts";
import type { StudyDocument, StudyDocumentSummary } from "#shared/study/contract.ts";
import type { SummaryStyle } from "#shared/summaries/contract.ts";

const studyEndpoints = endpointTable(() => import("#shared/study/contract.ts"), "studyEndpoints");
const flashcardEndpoints = endpointTable(
  () => import("#shared/flashcards/contract.ts"),
  "flashcardEndpoints",
);
const summaryEndpoints = endpointTable(() => import("#shared/summaries/contract.ts"), "summaryEndpoints");
const materialEndpoints = endpointTable(() => import("#shared/materials/contract.ts"), "materialEndpoints");

/**
 * What drafts are made from: a study-set document (its cards go into that set's flashcard sets) or a
 * course material (the student picks the study set its cards go into).
 */
export interface DraftDocument {
  source: "study" | "material";
  id: number;
  title: string;
  /** The study set a study document is in; null for a course material. */
  studySetId: number | null;
}

export const studyDraftDocument = (doc: StudyDocumentSummary): DraftDocument => ({
  source: "study",
  id: doc.id,
  title: doc.title,
  studySetId: doc.studySetId,
});

/** The stored summary changes on the card (list) and in the open document, without a refetch. */
function useSummaryCache() {
  const qc = useQueryClient();
  return (doc: { id: number; studySetId: number }, summary: string | null) => {
    qc.setQueryData<StudyDocumentSummary[]>(queryKeys.study.documents(doc.studySetId), (old) =>
      old?.map((d) => (d.id === doc.id ? { ...d, summary } : d)),
    );
    qc.setQueryData<StudyDocument>(queryKeys.study.document(doc.id), (old) =>
      old ? { ...old, summary } : old,
    );
  };
}

export function useStoreSummary() {
  const patch = useSummaryCache();
  return useMutation({
    mutationFn: async ({ doc, type }: { doc: StudyDocumentSummary; type: SummaryStyle }) =>
      call((await summaryEndpoints()).storeSummary, { params: { id: doc.id }, body: { type } }),
    onSuccess: (stored) => patch(stored, stored.summary),
  });
}

export function useRemoveSummary() {
  const patch = useSummaryCache();
  return useMutation({
    mutationFn: async (doc: StudyDocumentSummary) =>
      call((await summaryEndpoints()).removeSummary, { params: { id: doc.id } }),
    onSuccess: (_ok, doc) => patch(doc, null),
  });
}

/**
 * The flashcard sets drafts can go into, and a draft's source document: the flashcards' and the study
 * feature's own answers, read here by their shared query keys so the caches stay one.
 */
export const useFlashcardSets = (studySetId: number) =>
  useQuery({
    queryKey: queryKeys.flashcards.sets(studySetId),
    queryFn: async () => call((await flashcardEndpoints()).listSets, { params: { id: studySetId } }),
    // 0: a material's drafts before the student has a study set to put them in.
    enabled: studySetId > 0,
  });

/** A draft's source text by page, from either store (the viewer's key, so the cache is one). */
export const useDocumentText = (doc: Pick<DraftDocument, "source" | "id">) =>
  useQuery({
    queryKey: queryKeys.materials.text(doc.source, doc.id),
    queryFn: async () =>
      call((await materialEndpoints()).text, { params: { source: doc.source, id: doc.id } }),
    staleTime: 60_000,
  });

/** The student's study sets, for a material's cards to go into one. */
export const useStudySetChoices = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.study.sets(),
    queryFn: async () => call((await studyEndpoints()).listSets),
    enabled,
  });

export const useCardDrafts = () =>
  useMutation({
    mutationFn: async (doc: DraftDocument) => {
      const endpoints = await summaryEndpoints();
      return call(doc.source === "study" ? endpoints.cardDrafts : endpoints.materialCardDrafts, {
        params: { id: doc.id },
      });
    },
  });

export const useQuizDrafts = () =>
  useMutation({
    mutationFn: async (doc: DraftDocument) => {
      const endpoints = await summaryEndpoints();
      return call(doc.source === "study" ? endpoints.quizDrafts : endpoints.materialQuizDrafts, {
        params: { id: doc.id },
      });
    },
  });

/**
 * Accepted drafts go into an existing flashcard set, or a new one named after the document; the study
 * set's flashcard lists are refetched so the new cards show.
 */
export function useAcceptCards(studySetId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      setId: number | null;
      newTitle: string;
      cards: AcceptCardsInput["cards"];
    }) => {
      const setId =
        input.setId ??
        (
          await call((await flashcardEndpoints()).createSet, {
            params: { id: studySetId },
            body: { title: input.newTitle },
          })
        ).id;
      const { created } = await call((await flashcardEndpoints()).acceptCards, {
        params: { id: setId },
        body: { cards: input.cards },
      });
      return { setId, created };
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.flashcards.all }),
  });
}
