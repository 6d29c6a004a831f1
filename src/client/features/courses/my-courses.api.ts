import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import { canvasEndpoints } from "#shared/canvas.ts";

export const myCourseKeys = {
  all: ["my-courses"] as const,
};

/** The Canvas courses cached on the server: no Canvas round trip. */
export const useMyCourses = () =>
  useQuery({ queryKey: myCourseKeys.all, queryFn: () => call(canvasEndpoints.courses) });

/** Fetches the courses from Canvas again (SPEC §7 GET /api/canvas/courses with a refresh). */
export function useRefreshMyCourses() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(canvasEndpoints.courses, { query: { refresh: "true" } }),
    onSuccess: (courses) => qc.setQueryData(myCourseKeys.all, courses),
  });
}
