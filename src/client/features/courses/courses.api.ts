import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";

// Loaded on first use (see achievements.api.ts): the screen draws before zod and the schemas run.
const endpoints = endpointTable(() => import("#shared/courses/contract.ts"), "courseEndpoints");
// A course's grades are read by its own page (/courses/:id), which a first load reaches only through
// a link; the lists here draw on every route that shows courses (ON_DEMAND, scripts/vite-route-chunks.ts).
const gradeEndpoints = endpointTable(
  () => import(/* on-demand */ "#shared/courses/grades-contract.ts"),
  "gradeEndpoints",
);
const canvasEndpoints = endpointTable(() => import("#shared/canvas/contract.ts"), "canvasEndpoints");

export const courseQueries = {
  /** The student's courses (task form, filter); the server creates the default one on the first visit. */
  list: () =>
    queryOptions({ queryKey: queryKeys.courses.list(), queryFn: async () => call((await endpoints()).list) }),
  /** The Canvas courses cached on the server (My Courses): no Canvas round trip. */
  canvas: () =>
    queryOptions({
      queryKey: queryKeys.courses.canvas(),
      queryFn: async () => call((await canvasEndpoints()).courses),
    }),
  /** Completed Canvas courses from the server's cache (GPA; SPEC §7 GET /api/canvas/completed-courses). */
  completed: () =>
    queryOptions({
      queryKey: queryKeys.courses.completed(),
      queryFn: async () => call((await canvasEndpoints()).completedCourses),
    }),
  /** A current Canvas course's groups, weights and scores, with the student's What-If scores. */
  grades: (id: number) =>
    queryOptions({
      queryKey: queryKeys.courses.grades(id),
      queryFn: async () => call((await gradeEndpoints()).grades, { params: { id } }),
    }),
};

export const useCourses = () => useQuery(courseQueries.list());
export const useMyCourses = () => useQuery(courseQueries.canvas());
export const useCompletedCourses = () => useQuery(courseQueries.completed());
export const useCourseGrades = (id: number) => useQuery(courseQueries.grades(id));

/** Saves the course's What-If scores (all of them; {} resets); the cached answer follows. */
export function useSaveWhatIf(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (scores: Record<string, number>) =>
      call((await gradeEndpoints()).saveWhatIf, { params: { id }, body: { scores } }),
    onSuccess: ({ scores }) =>
      qc.setQueryData(courseQueries.grades(id).queryKey, (old) => (old ? { ...old, whatIf: scores } : old)),
  });
}

/** Fetches the courses from Canvas again (SPEC §7 GET /api/canvas/courses with a refresh). */
export function useRefreshMyCourses() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => call((await canvasEndpoints()).courses, { query: { refresh: true } }),
    onSuccess: (courses) => qc.setQueryData(courseQueries.canvas().queryKey, courses),
    // A refresh can change grades, so the GPA list is dropped and loads fresh when next shown.
    meta: { invalidates: [queryKeys.courses.completed()] },
  });
}
