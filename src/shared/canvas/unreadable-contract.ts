import { z } from "zod";
import { endpoint } from "../http.ts";
import { unreadableCourseSchema } from "./contract.ts";

// Apart from the status the shell reads (status-contract.ts) and the Canvas table the dashboard's chunk
// carries (contract.ts): only the screens that show the note load this, so it adds nothing to a first load.

export const unreadableCoursesSchema = z.object({
  /** The courses the last successful sync could not read, in Canvas's order; [] when it read them all. */
  courses: z.array(unreadableCourseSchema),
  /** When that sync ran; null before the first. */
  checkedAt: z.string().nullable(),
});
export type UnreadableCourses = z.infer<typeof unreadableCoursesSchema>;

export const canvasUnreadableEndpoints = {
  unreadableCourses: endpoint({
    method: "GET",
    path: "/api/canvas/unreadable-courses",
    response: unreadableCoursesSchema,
  }),
};
