import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { GpaEdit, GpaEditInput, GpaPlan } from "#shared/courses/grades-contract.ts";

// The GPA page's edits live with the courses they change (courses contract), loaded on first use.
const endpoints = endpointTable(() => import("#shared/courses/grades-contract.ts"), "gradeEndpoints");

export const gpaQueries = {
  plan: () =>
    queryOptions({ queryKey: queryKeys.courses.gpa(), queryFn: async () => call((await endpoints()).gpa) }),
};

export const useGpaPlan = () => useQuery(gpaQueries.plan());

const mergeEdit = (edits: GpaEdit[], courseId: number, input: GpaEditInput): GpaEdit[] => {
  const old = edits.find((e) => e.courseId === courseId) ?? { courseId, removed: false };
  const next: GpaEdit = { ...old, ...input, removed: input.removed ?? old.removed };
  return [...edits.filter((e) => e.courseId !== courseId), next];
};

/**
 * Saves one course's edit; the page shows it at once (the cached plan is changed before the answer) and
 * loads the saved plan again if the save fails.
 */
export function useSaveGpaEdit() {
  const qc = useQueryClient();
  const key = gpaQueries.plan().queryKey;
  return useMutation({
    mutationFn: async ({ courseId, input }: { courseId: number; input: GpaEditInput }) =>
      call((await endpoints()).saveGpaEdit, { params: { courseId }, body: input }),
    onMutate: async ({ courseId, input }) => {
      await qc.cancelQueries({ queryKey: key });
      qc.setQueryData<GpaPlan>(key, (old) => old && { ...old, edits: mergeEdit(old.edits, courseId, input) });
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** Revert to Original: the server forgets every edit; Canvas's values show again. */
export function useRevertGpa() {
  const qc = useQueryClient();
  const key = gpaQueries.plan().queryKey;
  return useMutation({
    mutationFn: async () => call((await endpoints()).revertGpa),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: key });
      qc.setQueryData<GpaPlan>(key, (old) => old && { ...old, edits: [] });
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useSaveTargetGpa() {
  const qc = useQueryClient();
  const key = gpaQueries.plan().queryKey;
  return useMutation({
    mutationFn: async (targetGpa: number | null) =>
      call((await endpoints()).saveTargetGpa, { body: { targetGpa } }),
    onSuccess: ({ targetGpa }) => qc.setQueryData<GpaPlan>(key, (old) => old && { ...old, targetGpa }),
  });
}
