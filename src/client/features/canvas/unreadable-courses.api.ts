import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { canvasUnreadableEndpoints } from "#shared/canvas/unreadable-contract.ts";

// A module of its own, loaded with the note that shows it: canvas.api.ts and the query keys travel in the
// shell, where every byte counts (decision 016).

export const unreadableCoursesQuery = () =>
  queryOptions({
    // Under canvas.all, so a sync, connect or disconnect (CHANGED_BY_CANVAS) reads it again.
    queryKey: [...queryKeys.canvas.all, "unreadable"] as const,
    queryFn: () => call(canvasUnreadableEndpoints.unreadableCourses),
  });

export const useUnreadableCourses = () => useQuery(unreadableCoursesQuery());
