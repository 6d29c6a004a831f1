import { useQuery } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import { canvasEndpoints } from "#shared/canvas.ts";

export const gpaKeys = {
  completedCourses: ["gpa", "completed-courses"] as const,
};

/** Completed Canvas courses from the server's cache (SPEC §7 GET /api/canvas/completed-courses). */
export const useCompletedCourses = () =>
  useQuery({ queryKey: gpaKeys.completedCourses, queryFn: () => call(canvasEndpoints.completedCourses) });
