import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { trackingEndpoints } from "#shared/achievements/tracking.ts";
import {
  type CreateFlashcardInput,
  type CreateFlashcardSetInput,
  type Flashcard,
  type FlashcardSet,
  flashcardEndpoints,
  type ImportOptions,
  type QuizAttemptInput,
  type UpdateFlashcardInput,
  type UpdateFlashcardSetInput,
} from "#shared/flashcards/contract.ts";

export const flashcardQueries = {
  sets: (studySetId: number) =>
    queryOptions({
      queryKey: queryKeys.flashcards.sets(studySetId),
      queryFn: () => call(flashcardEndpoints.listSets, { params: { id: studySetId } }),
    }),
  cards: (flashcardSetId: number) =>
    queryOptions({
      queryKey: queryKeys.flashcards.cards(flashcardSetId),
      queryFn: () => call(flashcardEndpoints.listCards, { params: { id: flashcardSetId } }),
    }),
};

export const useFlashcardSets = (studySetId: number) => useQuery(flashcardQueries.sets(studySetId));
export const useFlashcards = (flashcardSetId: number) => useQuery(flashcardQueries.cards(flashcardSetId));

/**
 * SPEC §4/§7 achievement check; what the server does with it is the achievements issue's. A failure is
 * only logged (SPEC §8 'Failed to track achievement:').
 */
export function checkAchievements(activityType: string, value: number, metadata: Record<string, unknown>) {
  call(trackingEndpoints.checkAchievements, { body: { activityType, value, metadata } }).catch((err) =>
    console.error("Failed to track achievement:", err),
  );
}

type SetsKey = ReturnType<typeof queryKeys.flashcards.sets>;
const bumpCount = (set: FlashcardSet, by: number) => ({ ...set, cardCount: Math.max(0, set.cardCount + by) });

export function useCreateFlashcardSet(studySetId: number) {
  const qc = useQueryClient();
  const key: SetsKey = queryKeys.flashcards.sets(studySetId);
  return useMutation({
    mutationFn: (body: CreateFlashcardSetInput) =>
      call(flashcardEndpoints.createSet, { params: { id: studySetId }, body }),
    onSuccess: (set) => {
      const list = qc.setQueryData<FlashcardSet[]>(key, (old) => (old ? [...old, set] : [set]));
      checkAchievements("flashcard_created", list?.length ?? 1, {
        kind: "flashcard_set",
        studySetId,
        flashcardSetId: set.id,
      });
    },
  });
}

/** Rename, describe or colour a flashcard set (issue 25 §6). */
export function useUpdateFlashcardSet(studySetId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateFlashcardSetInput }) =>
      call(flashcardEndpoints.updateSet, { params: { id }, body }),
    onSuccess: (saved) =>
      qc.setQueryData<FlashcardSet[]>(queryKeys.flashcards.sets(studySetId), (old) =>
        old?.map((s) => (s.id === saved.id ? saved : s)),
      ),
  });
}

export function useDeleteFlashcardSet(studySetId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (set: FlashcardSet) => call(flashcardEndpoints.removeSet, { params: { id: set.id } }),
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
    count: (by: number) =>
      qc.setQueryData<FlashcardSet[]>(queryKeys.flashcards.sets(set.studySetId), (old) =>
        old?.map((s) => (s.id === set.id ? bumpCount(s, by) : s)),
      ),
    size: () => qc.getQueryData<Flashcard[]>(cardsKey)?.length,
  };
}

export function useCreateFlashcard(set: FlashcardSet) {
  const cache = useCardCache(set);
  return useMutation({
    // Can earn an achievement on the server: refetch, and the unlock toast follows.
    meta: { invalidates: [queryKeys.achievements.all] },
    mutationFn: (body: CreateFlashcardInput) =>
      call(flashcardEndpoints.createCard, { params: { id: set.id }, body }),
    onSuccess: (card) => {
      cache.cards((old) => [...old, card]);
      cache.count(1);
      checkAchievements("flashcard_created", cache.size() ?? set.cardCount + 1, {
        kind: "flashcard",
        studySetId: set.studySetId,
        flashcardSetId: set.id,
        flashcardId: card.id,
      });
    },
  });
}

export function useUpdateFlashcard(set: FlashcardSet) {
  const cache = useCardCache(set);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateFlashcardInput }) =>
      call(flashcardEndpoints.updateCard, { params: { id }, body }),
    onSuccess: (card) => cache.cards((old) => old.map((c) => (c.id === card.id ? card : c))),
  });
}

export function useDeleteFlashcard(set: FlashcardSet) {
  const cache = useCardCache(set);
  return useMutation({
    mutationFn: (card: Flashcard) => call(flashcardEndpoints.removeCard, { params: { id: card.id } }),
    onSuccess: (_ok, card) => {
      cache.cards((old) => old.filter((c) => c.id !== card.id));
      cache.count(-1);
    },
  });
}

/** A finished quiz, scored and stored by the server, then reported for achievements. */
export function useSaveQuizAttempt() {
  return useMutation({
    // Can earn an achievement on the server: refetch, and the unlock toast follows.
    meta: { invalidates: [queryKeys.achievements.all] },
    mutationFn: ({ set, answers }: { set: FlashcardSet; answers: QuizAttemptInput["answers"] }) =>
      call(flashcardEndpoints.saveQuizAttempt, { params: { id: set.id }, body: { answers } }),
    onSuccess: (attempt, { set }) =>
      checkAchievements("quiz_completed", 1, {
        attemptId: attempt.id,
        studySetId: set.studySetId,
        flashcardSetId: set.id,
        correct: attempt.correct,
        total: attempt.total,
      }),
  });
}

const importForm = (file: Blob, options: ImportOptions) => {
  const form = new FormData();
  form.append("options", JSON.stringify(options));
  form.append("file", file, file instanceof File ? file.name : "pasted.txt");
  return form;
};

/** What an import file would add, read by the server (multipart: no JSON size limit). */
export const previewImportFile = (setId: number, file: Blob, options: ImportOptions) =>
  call(flashcardEndpoints.importFilePreview, { params: { id: setId }, form: importForm(file, options) });

export function useImportFile(setId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: { file: Blob; options: ImportOptions }) =>
      call(flashcardEndpoints.importFile, { params: { id: setId }, form: importForm(file, options) }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.flashcards.all }),
        qc.invalidateQueries({ queryKey: queryKeys.review.all }),
      ]),
  });
}

/** Fetches the export and hands it to the browser as a download. */
export async function downloadExport(setId: number, format: "csv" | "anki") {
  const file = await call(flashcardEndpoints.export, { params: { id: setId }, query: { format } });
  const url = URL.createObjectURL(new Blob([file.content], { type: `${file.mimeType};charset=utf-8` }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
