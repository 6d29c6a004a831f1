import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { browserTimeZone } from "#client/lib/browser-time-zone.ts";
import { queryKeys } from "#client/lib/query-keys.ts";

// Apart from review.api.ts: Home asks for the upcoming exams on every first load, and with them came the
// review queue's hooks and the whole review contract. Loaded on first use (see achievements.api.ts).
const examEndpoints = endpointTable(() => import("#shared/review/exam-contract.ts"), "examEndpoints");

/** Under the review feature's key: a rating or Undo refetches the plans' counts with the queues. */
const examQueries = {
  /** Upcoming exams with today's planned cards (the dashboard's 'Next due' rows). */
  exams: () =>
    queryOptions({
      queryKey: [...queryKeys.review.all, "exams"] as const,
      queryFn: async () =>
        call((await examEndpoints()).exams, { query: { timeZone: await browserTimeZone() } }),
    }),
  plan: (setId: number) =>
    queryOptions({
      queryKey: [...queryKeys.review.all, "plan", setId] as const,
      queryFn: async () =>
        call((await examEndpoints()).plan, {
          params: { id: setId },
          query: { timeZone: await browserTimeZone() },
        }),
    }),
};

export const useUpcomingExams = () => useQuery(examQueries.exams());
export const useExamPlan = (setId: number) => useQuery(examQueries.plan(setId));

/** The student's upcoming tasks and events a set can be tied to, narrowed by `search`. */
export const useExamCandidates = (search: string) =>
  useQuery({
    queryKey: [...queryKeys.review.all, "exam-candidates", search] as const,
    queryFn: async () => call((await examEndpoints()).candidates, { query: search ? { q: search } : {} }),
    placeholderData: keepPreviousData,
  });

/** Ties the set to a picked date, a task or an event; null clears it. */
export type ExamChoice = { examDate: string } | { taskId: number } | { eventId: number } | null;

export function useSetExam(setId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (choice: ExamChoice) =>
      call((await examEndpoints()).setExam, { params: { id: setId }, body: choice ?? { examDate: null } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.review.all }),
  });
}

/** A new exam of a set: a date picked (or a task or event) and an optional title. */
export type NewExam = { setId: number; title?: string } & (
  | { examDate: string }
  | { taskId: number }
  | { eventId: number }
);

export function useAddExam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ setId, ...body }: NewExam) =>
      call((await examEndpoints()).addExam, { params: { id: setId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.review.all }),
  });
}

/** An exam's new title (blank: none) and/or date. */
export function useEditExam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: { id: number; title?: string; examDate?: string }) =>
      call((await examEndpoints()).editExam, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.review.all }),
  });
}

export function useDeleteExam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => call((await examEndpoints()).deleteExam, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.review.all }),
  });
}
