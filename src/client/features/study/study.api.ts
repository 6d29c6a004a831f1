import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { browserTimeZone } from "#client/lib/browser-time-zone.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type {
  CreateDocumentInput,
  CreateStudySetInput,
  StudyDocument,
  StudyDocumentSummary,
  StudySet,
  UpdateStudySetInput,
} from "#shared/study/contract.ts";
import type { FocusLink } from "./focus-timer.ts";

// Loaded on first use (see achievements.api.ts): the screen draws before zod and the schemas run.
const studyEndpoints = endpointTable(() => import("#shared/study/contract.ts"), "studyEndpoints");

/** How often a list holding a document still being read asks for it again. */
export const PROCESSING_POLL_MS = 2000;

export const studyQueries = {
  sets: () =>
    queryOptions({
      queryKey: queryKeys.study.sets(),
      queryFn: async () => call((await studyEndpoints()).listSets),
    }),
  documents: (setId: number) =>
    queryOptions({
      queryKey: queryKeys.study.documents(setId),
      queryFn: async () => call((await studyEndpoints()).listDocuments, { params: { id: setId } }),
      // An upload is read in the background: ask again while any is, so its text arrives without a reload.
      refetchInterval: (query) =>
        query.state.data?.some((d) => d.status === "processing") ? PROCESSING_POLL_MS : false,
    }),
  document: (id: number) =>
    queryOptions({
      queryKey: queryKeys.study.document(id),
      queryFn: async () => call((await studyEndpoints()).getDocument, { params: { id } }),
    }),
  stats: (userId: number) =>
    queryOptions({
      queryKey: queryKeys.study.stats(),
      queryFn: async () =>
        call((await studyEndpoints()).stats, {
          params: { userId },
          query: { timeZone: await browserTimeZone() },
        }),
    }),
  focusStats: () =>
    queryOptions({
      queryKey: queryKeys.study.focusStats(),
      queryFn: async () => call((await studyEndpoints()).focusStats),
    }),
};

/**
 * A finished Pomodoro work block, linked to its task or study set. `keepalive` lets it outlive a closed
 * page, like the activity timer's sessions.
 */
export async function recordFocus(link: FocusLink, duration: number): Promise<void> {
  await call((await studyEndpoints()).createSession, {
    body: {
      activityType: "focus",
      duration,
      taskId: link?.type === "task" ? link.id : null,
      studySetId: link?.type === "studySet" ? link.id : null,
    },
    keepalive: true,
  });
}

export const useFocusStats = () => useQuery(studyQueries.focusStats());
export const useStudySets = () => useQuery(studyQueries.sets());
export const useStudyStats = (userId: number) => useQuery(studyQueries.stats(userId));
export const useStudyDocuments = (setId: number) => useQuery(studyQueries.documents(setId));
export const useStudyDocument = (id: number) => useQuery(studyQueries.document(id));

const setsKey = queryKeys.study.sets();

/**
 * SPEC §4 study set creation: shown at once with a temporary id, rolled back silently on error, and the
 * list refetched either way.
 */
export function useCreateStudySet() {
  const qc = useQueryClient();
  return useMutation({
    // Can earn an achievement on the server: refetch, and the unlock toast follows.
    meta: { invalidates: [queryKeys.achievements.all] },
    mutationFn: async (body: CreateStudySetInput) => call((await studyEndpoints()).createSet, { body }),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: setsKey });
      const previous = qc.getQueryData<StudySet[]>(setsKey);
      const temp: StudySet = {
        id: -Date.now(),
        userId: 0,
        title: body.title.trim(),
        description: body.description?.trim() || null,
        color: body.color ?? "#3B82F6",
        createdAt: new Date().toISOString(),
      };
      qc.setQueryData<StudySet[]>(setsKey, (old) => [...(old ?? []), temp]);
      return { previous };
    },
    onError: (err, _body, context) => {
      console.error("Failed to create study set:", err);
      qc.setQueryData(setsKey, context?.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: setsKey }),
  });
}

/** Rename, describe or recolour a study set (issue 25 §6); the list shows the saved set. */
export function useUpdateStudySet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdateStudySetInput }) =>
      call((await studyEndpoints()).updateSet, { params: { id }, body }),
    onSuccess: (set) => {
      qc.setQueryData<StudySet[]>(setsKey, (old) => old?.map((s) => (s.id === set.id ? set : s)));
      return qc.invalidateQueries({ queryKey: setsKey });
    },
  });
}

export function useDeleteStudySet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => call((await studyEndpoints()).removeSet, { params: { id } }),
    onSuccess: (_ok, id) => {
      qc.setQueryData<StudySet[]>(setsKey, (old) => old?.filter((s) => s.id !== id));
      qc.removeQueries({ queryKey: queryKeys.study.set(id) });
    },
  });
}

async function uploadFile(setId: number, file: File, title: string): Promise<StudyDocument> {
  const form = new FormData();
  form.set("title", title);
  form.set("file", file);
  return call((await studyEndpoints()).uploadDocument, { params: { id: setId }, form });
}

export type NewDocument =
  | { kind: "file"; file: File; title: string }
  | { kind: "text"; body: CreateDocumentInput };

export function useAddDocument(setId: number) {
  const qc = useQueryClient();
  const key = queryKeys.study.documents(setId);
  return useMutation({
    // Can earn an achievement on the server: refetch, and the unlock toast follows.
    meta: { invalidates: [queryKeys.achievements.all] },
    mutationFn: async (input: NewDocument) =>
      input.kind === "file"
        ? uploadFile(setId, input.file, input.title)
        : call((await studyEndpoints()).createDocument, { params: { id: setId }, body: input.body }),
    onSuccess: (doc) => {
      // A document still being read is fetched whole once it is ready, not kept from now.
      if (doc.status === "ready") qc.setQueryData(queryKeys.study.document(doc.id), doc);
      const { pages: _pages, ...summary } = doc;
      qc.setQueryData<StudyDocumentSummary[]>(key, (old) => [summary, ...(old ?? [])]);
    },
  });
}

const patchDocument = (list: StudyDocumentSummary[] | undefined, doc: StudyDocumentSummary) =>
  list?.map((d) => (d.id === doc.id ? { ...d, title: doc.title } : d));

export function useRenameDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: number; title: string }) =>
      call((await studyEndpoints()).renameDocument, { params: { id }, body: { title } }),
    onSuccess: (doc) => {
      qc.setQueryData<StudyDocumentSummary[]>(queryKeys.study.documents(doc.studySetId), (old) =>
        patchDocument(old, doc),
      );
      qc.setQueryData<StudyDocument>(queryKeys.study.document(doc.id), (old) =>
        old ? { ...old, title: doc.title } : old,
      );
    },
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (doc: { id: number; studySetId: number }) =>
      call((await studyEndpoints()).removeDocument, { params: { id: doc.id } }),
    onSuccess: (_ok, doc) => {
      qc.setQueryData<StudyDocumentSummary[]>(queryKeys.study.documents(doc.studySetId), (old) =>
        old?.filter((d) => d.id !== doc.id),
      );
      qc.removeQueries({ queryKey: queryKeys.study.document(doc.id) });
    },
  });
}
