import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type {
  CreateFlashcardInput,
  CreateFlashcardSetInput,
  ExportFormat,
  Flashcard,
  FlashcardSet,
  ImportOptions,
  QuizAttemptInput,
  UpdateFlashcardInput,
  UpdateFlashcardSetInput,
} from "#shared/flashcards/contract.ts";

const flashcardEndpoints = endpointTable(
  () => import("#shared/flashcards/contract.ts"),
  "flashcardEndpoints",
);

export const flashcardQueries = {
  sets: (studySetId: number) =>
    queryOptions({
      queryKey: queryKeys.flashcards.sets(studySetId),
      queryFn: async () => call((await flashcardEndpoints()).listSets, { params: { id: studySetId } }),
    }),
  cards: (flashcardSetId: number) =>
    queryOptions({
      queryKey: queryKeys.flashcards.cards(flashcardSetId),
      queryFn: async () => call((await flashcardEndpoints()).listCards, { params: { id: flashcardSetId } }),
    }),
};

export const useFlashcardSets = (studySetId: number) => useQuery(flashcardQueries.sets(studySetId));
export const useFlashcards = (flashcardSetId: number) => useQuery(flashcardQueries.cards(flashcardSetId));

type SetsKey = ReturnType<typeof queryKeys.flashcards.sets>;
const bumpCount = (set: FlashcardSet, cards: number, notes: number) => ({
  ...set,
  cardCount: Math.max(0, set.cardCount + cards),
  noteCount: Math.max(0, set.noteCount + notes),
});

export function useCreateFlashcardSet(studySetId: number) {
  const qc = useQueryClient();
  const key: SetsKey = queryKeys.flashcards.sets(studySetId);
  return useMutation({
    mutationFn: async (body: CreateFlashcardSetInput) =>
      call((await flashcardEndpoints()).createSet, { params: { id: studySetId }, body }),
    onSuccess: (set) => {
      qc.setQueryData<FlashcardSet[]>(key, (old) => (old ? [...old, set] : [set]));
    },
  });
}

/** Rename, describe or colour a flashcard set (issue 25 §6). */
export function useUpdateFlashcardSet(studySetId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateFlashcardSetInput }) =>
      call((await flashcardEndpoints()).updateSet, { params: { id }, body }),
    onSuccess: (saved) =>
      qc.setQueryData<FlashcardSet[]>(queryKeys.flashcards.sets(studySetId), (old) =>
        old?.map((s) => (s.id === saved.id ? saved : s)),
      ),
  });
}

export function useDeleteFlashcardSet(studySetId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (set: FlashcardSet) =>
      call((await flashcardEndpoints()).removeSet, { params: { id: set.id } }),
    onSuccess: (_ok, set) => {
      qc.setQueryData<FlashcardSet[]>(queryKeys.flashcards.sets(studySetId), (old) =>
        old?.filter((s) => s.id !== set.id),
      );
      qc.removeQueries({ queryKey: queryKeys.flashcards.cards(set.id) });
    },
  });
}

/** Card changes keep the set's card list and the study set's counts in step without a refetch. */
function useCardCache(set: FlashcardSet) {
  const qc = useQueryClient();
  const cardsKey = queryKeys.flashcards.cards(set.id);
  return {
    cards: (fn: (old: Flashcard[]) => Flashcard[]) =>
      qc.setQueryData<Flashcard[]>(cardsKey, (old) => (old ? fn(old) : old)),
    /** `cards` review rows and `notes` flashcards came or went. */
    count: (cards: number, notes: number) =>
      qc.setQueryData<FlashcardSet[]>(queryKeys.flashcards.sets(set.studySetId), (old) =>
        old?.map((s) => (s.id === set.id ? bumpCount(s, cards, notes) : s)),
      ),
    size: () => qc.getQueryData<Flashcard[]>(cardsKey)?.length,
    /** A note with several rows (decision 015) changed: its rows and the count come from the server. */
    refetch: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: cardsKey }),
        qc.invalidateQueries({ queryKey: queryKeys.flashcards.sets(set.studySetId) }),
      ]),
  };
}

export function useCreateFlashcard(set: FlashcardSet) {
  const cache = useCardCache(set);
  return useMutation({
    // Can earn an achievement on the server: refetch, and the unlock toast follows.
    meta: { invalidates: [queryKeys.achievements.all] },
    mutationFn: async (body: CreateFlashcardInput) =>
      call((await flashcardEndpoints()).createCard, { params: { id: set.id }, body }),
    onSuccess: (card) => {
      if (card.guid) return cache.refetch();
      cache.cards((old) => [...old, card]);
      cache.count(1, 1);
    },
  });
}

export function useUpdateFlashcard(set: FlashcardSet) {
  const cache = useCardCache(set);
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateFlashcardInput }) =>
      call((await flashcardEndpoints()).updateCard, { params: { id }, body }),
    onSuccess: (card) =>
      card.guid ? cache.refetch() : cache.cards((old) => old.map((c) => (c.id === card.id ? card : c))),
  });
}

export function useDeleteFlashcard(set: FlashcardSet) {
  const cache = useCardCache(set);
  return useMutation({
    mutationFn: async (card: Flashcard) =>
      call((await flashcardEndpoints()).removeCard, { params: { id: card.id } }),
    onSuccess: (_ok, card) => {
      // Its siblings went with it.
      const gone = (c: Flashcard) => c.id === card.id || (card.guid !== null && c.guid === card.guid);
      const before = cache.size() ?? 0;
      cache.cards((old) => old.filter((c) => !gone(c)));
      cache.count((cache.size() ?? before - 1) - before, -1);
    },
  });
}

/** A finished quiz, scored and stored by the server (which evaluates achievements on it, decision 011). */
export function useSaveQuizAttempt() {
  return useMutation({
    // Can earn an achievement on the server: refetch, and the unlock toast follows.
    meta: { invalidates: [queryKeys.achievements.all] },
    mutationFn: async ({ set, answers }: { set: FlashcardSet; answers: QuizAttemptInput["answers"] }) =>
      call((await flashcardEndpoints()).saveQuizAttempt, { params: { id: set.id }, body: { answers } }),
  });
}

const importForm = (file: Blob, options: ImportOptions) => {
  const form = new FormData();
  form.append("options", JSON.stringify(options));
  form.append("file", file, file instanceof File ? file.name : "pasted.txt");
  return form;
};

/** What an import file would add, read by the server (multipart: no JSON size limit). */
export const previewImportFile = async (setId: number, file: Blob, options: ImportOptions) =>
  call((await flashcardEndpoints()).importFilePreview, {
    params: { id: setId },
    form: importForm(file, options),
  });

export function useImportFile(setId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, options }: { file: Blob; options: ImportOptions }) =>
      call((await flashcardEndpoints()).importFile, {
        params: { id: setId },
        form: importForm(file, options),
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.flashcards.all }),
        qc.invalidateQueries({ queryKey: queryKeys.review.all }),
      ]),
  });
}

/** Fetches the export and hands it to the browser as a download. */
export async function downloadExport(setId: number, format: ExportFormat) {
  const file = await call((await flashcardEndpoints()).export, { params: { id: setId }, query: { format } });
  const url = URL.createObjectURL(new Blob([file.content], { type: `${file.mimeType};charset=utf-8` }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
