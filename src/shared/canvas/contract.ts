import { z } from "zod";
import { canvasCourseSchema } from "../courses/contract.ts";
import { claimedUserId, claimedUserIdParam, endpoint, okSchema, userIdQuerySchema } from "../http.ts";
import { dbId, safeText, WebUrl } from "../schema-primitives.ts";
import { taskSchema } from "../tasks/contract.ts";
import { canvasStatusEndpoints } from "./status-contract.ts";

/**
 * The demo Canvas served by Studyhall itself ('Try with demo data'). A `.invalid` name (RFC 2606) never
 * resolves, so a student typing it can never reach anything: only the demo endpoint stores it.
 */
export const DEMO_CANVAS_DOMAIN = "demo.canvas.invalid";

export const MISSING_CANVAS_INPUT = "Please provide both a Canvas API token and domain.";
export const CANVAS_NOT_CONNECTED =
  "Canvas credentials not found. Please connect your Canvas account from the settings.";
const INVALID_DOMAIN = "Enter your school's Canvas address, like school.instructure.com.";

export type CanvasDomain =
  | { ok: true; host: string; scheme: "http" | "https" | null }
  | { ok: false; message: string };

/**
 * What the student typed, reduced to `host[:port]` (canvas-api.md §1: accept `school.instructure.com`,
 * `https://school.instructure.com/` or `.../api/v1`). Whether the host may be reached is the server's call.
 */
export function parseCanvasDomain(input: string): CanvasDomain {
  let rest = input.trim();
  if (!rest || /\s/.test(rest)) return { ok: false, message: INVALID_DOMAIN };
  let scheme: "http" | "https" | null = null;
  const schemeMatch = /^([a-z][a-z0-9+.-]*):\/\//i.exec(rest);
  if (schemeMatch) {
    const given = schemeMatch[1]!.toLowerCase();
    if (given !== "http" && given !== "https") return { ok: false, message: INVALID_DOMAIN };
    scheme = given;
    rest = rest.slice(schemeMatch[0].length);
  }
  const authority = rest.split(/[/?#]/, 1)[0] ?? "";
  // user:pass@host would let a crafted value point somewhere other than it reads.
  if (!authority || authority.includes("@") || authority.includes("\\")) {
    return { ok: false, message: INVALID_DOMAIN };
  }
  let url: InstanceType<typeof WebUrl>;
  try {
    url = new WebUrl(`https://${authority}`);
  } catch {
    return { ok: false, message: INVALID_DOMAIN };
  }
  const hostname = url.hostname.replace(/\.$/, "");
  const isIpv6 = hostname.startsWith("[");
  if (!isIpv6 && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(hostname)) {
    return { ok: false, message: INVALID_DOMAIN };
  }
  return { ok: true, host: url.port ? `${hostname}:${url.port}` : hostname, scheme };
}

export const canvasTokenSchema = safeText(MISSING_CANVAS_INPUT)
  .trim()
  .min(1, MISSING_CANVAS_INPUT)
  .max(500, "That does not look like a Canvas access token.")
  .regex(/^\S+$/, "That does not look like a Canvas access token.");

export const canvasDomainSchema = safeText(MISSING_CANVAS_INPUT)
  .trim()
  .min(1, MISSING_CANVAS_INPUT)
  .max(300, INVALID_DOMAIN)
  .refine((d) => parseCanvasDomain(d).ok, INVALID_DOMAIN);

export const connectCanvasSchema = z.object({ token: canvasTokenSchema, domain: canvasDomainSchema });
export type ConnectCanvasInput = z.infer<typeof connectCanvasSchema>;

/**
 * An active course whose assignments Canvas refused to show (access ended, restricted, deleted): the sync
 * went on without it and kept its earlier assignments. `message` says so in words the student can act on.
 */
export const unreadableCourseSchema = z.object({
  canvasId: z.string(),
  name: z.string(),
  message: z.string(),
});
export type UnreadableCourse = z.infer<typeof unreadableCourseSchema>;

export const connectResultSchema = z.object({
  connected: z.literal(true),
  domain: z.string(),
  demo: z.boolean(),
  /** Canvas courses now cached (active and completed) and assignments imported by the first sync. */
  courses: z.int(),
  assignments: z.int(),
  /** The token was valid but the first sync failed; the next sync retries. */
  syncError: z.string().nullable(),
  /** Courses the first sync had to leave out (see syncResultSchema). */
  unreadableCourses: z.array(unreadableCourseSchema),
});
export type ConnectResult = z.infer<typeof connectResultSchema>;

export { type CanvasStatus, canvasStatusSchema } from "./status-contract.ts";

/** SPEC §7 sends token and domain from local storage; accepted, but the stored connection is used. */
export const syncCanvasSchema = z.object({
  token: safeText().optional(),
  domain: safeText().optional(),
  userId: claimedUserId,
  /** Auto-sync on app load: skipped when the setting is off or the last sync is recent. */
  auto: z.boolean().optional(),
});

/** Auto-sync runs at most this often; a click on Sync Canvas always syncs. */
export const AUTO_SYNC_MIN_INTERVAL_MS = 10 * 60 * 1000;

export const syncResultSchema = z.object({
  skipped: z.enum(["recent", "disabled"]).nullable(),
  courses: z.int(),
  assignments: z.int(),
  created: z.int(),
  updated: z.int(),
  deleted: z.int(),
  lastSyncedAt: z.string().nullable(),
  unreadableCourses: z.array(unreadableCourseSchema),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const coursesQuerySchema = z.object({
  userId: claimedUserIdParam,
  domain: safeText().optional(),
  token: safeText().optional(),
  /** Fetch the courses from Canvas again instead of answering the cached copy. */
  refresh: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

export const disconnectQuerySchema = z.object({
  /** Also delete the assignments imported from Canvas; by default they stay in the task list. */
  removeTasks: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
});
export const disconnectResultSchema = okSchema.extend({
  removedCourses: z.int(),
  removedTasks: z.int(),
  keptTasks: z.int(),
});

export const parseCanvasSchema = z.object({
  /** Canvas assignment objects, as GET /courses/:id/assignments answers them (or `{ assignments }`). */
  canvasData: z.union([
    z.array(z.record(z.string(), z.unknown())),
    z.object({ assignments: z.array(z.record(z.string(), z.unknown())) }),
  ]),
  userId: dbId("User ID is required"),
  courseId: dbId("Course must be a course id").nullish(),
});

export const canvasEndpoints = {
  connect: endpoint({
    method: "POST",
    path: "/api/auth/canvas",
    body: connectCanvasSchema,
    response: connectResultSchema,
  }),
  connectDemo: endpoint({ method: "POST", path: "/api/auth/canvas/demo", response: connectResultSchema }),
  disconnect: endpoint({
    method: "DELETE",
    path: "/api/auth/canvas",
    query: disconnectQuerySchema,
    response: disconnectResultSchema,
  }),
  ...canvasStatusEndpoints,
  sync: endpoint({
    method: "POST",
    path: "/api/sync-canvas",
    body: syncCanvasSchema,
    response: syncResultSchema,
  }),
  /** SPEC §7: an OK answer means connected; the token itself is never returned. */
  token: endpoint({
    method: "GET",
    path: "/api/canvas-token",
    query: userIdQuerySchema,
    response: z.object({ domain: z.string() }),
  }),
  courses: endpoint({
    method: "GET",
    path: "/api/canvas/courses",
    query: coursesQuerySchema,
    response: z.array(canvasCourseSchema),
  }),
  completedCourses: endpoint({
    method: "GET",
    path: "/api/canvas/completed-courses",
    query: coursesQuerySchema,
    response: z.array(canvasCourseSchema),
  }),
  parse: endpoint({
    method: "POST",
    path: "/api/parse-canvas",
    body: parseCanvasSchema,
    response: z.object({ tasks: z.array(taskSchema) }),
  }),
};
