import {
  AUTO_SYNC_MIN_INTERVAL_MS,
  CANVAS_NOT_CONNECTED,
  type CanvasStatus,
  type ConnectCanvasInput,
  type ConnectResult,
  DEMO_CANVAS_DOMAIN,
  parseCanvasDomain,
  type SyncResult,
} from "#shared/canvas/contract.ts";
import type { Task } from "#shared/tasks/contract.ts";
import type { AppConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { createCanvasClient, DEFAULT_TUNING } from "../../integrations/canvas/canvas-client.ts";
import { type CanvasAssignmentJson, canvasAssignmentJson } from "../../integrations/canvas/canvas-schemas.ts";
import { DEMO_CANVAS_TOKEN, demoCanvasBase } from "../../integrations/canvas/demo-canvas.ts";
import { canvasOrigin, type HostPolicy, systemResolveAll } from "../../integrations/canvas/host-policy.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Clock } from "../../lib/clock.ts";
import { decrypt, encrypt } from "../../lib/crypto.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { CoursesService } from "../courses/courses.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { TasksService } from "../tasks/tasks.service.ts";
import { BACKGROUND_SYNC_EVERY_MS, canvasSyncJob, SWEEP_LIMIT, SYNC_SPREAD_SECONDS } from "./canvas.jobs.ts";
import { canvasRepo } from "./canvas.repo.ts";
import { toAppError } from "./canvas-errors.ts";
import { type SyncTarget, syncCanvas, toTaskValues, writeCourseLists } from "./canvas-sync.ts";

const notConnected = () => new AppError(409, "canvas_not_connected", CANVAS_NOT_CONNECTED);

/** What a background sync did, kept as its job's output. */
export type BackgroundSyncResult =
  | SyncResult
  | { skipped: "disconnected" | "demo" }
  /** Canvas refused the stored token or address: recorded on the connection, not retried. */
  | { skipped: null; failed: string };

/** Failures a retry cannot mend: the student must reconnect (Settings shows the recorded error). */
const FINAL_SYNC_ERRORS = new Set(["canvas_auth", "canvas_domain", "canvas_not_connected"]);

/** Only http(s) links are stored: a link is rendered as <a href>, so `javascript:` must never get through. */
function safeLink(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

function safeBase(domain: string): string | null {
  const parsed = parseCanvasDomain(domain);
  return parsed.ok ? `https://${parsed.host}` : null;
}

interface Target {
  baseUrl: string;
  policy: HostPolicy;
  /** Rewrites a Canvas link before it is stored. */
  link: (url: string | null) => string | null;
}

export interface CanvasDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  auth: AuthService;
  settings: SettingsService;
  courses: CoursesService;
  tasks: TasksService;
  /** The background sync (canvas.jobs.ts) is enqueued here. */
  jobs: JobQueue;
  /** The origin this server listens on, known only once it listens (null before: inject-only tests). */
  selfOrigin: () => string | null;
}

/** What every operation below works with: the deps, and how a host's addresses are looked up. */
interface Ctx extends CanvasDeps {
  resolveAll: NonNullable<AppConfig["canvasResolveAll"]>;
}

/**
 * Where a stored domain leads. The demo Canvas is the app itself, reached at its own listening address
 * (the only origin the policy lets through for it) under the student's time zone; its links are stored
 * root-relative so they open on whatever address the student's browser uses.
 */
function target(ctx: Ctx, domain: string, timeZone = "UTC"): Target {
  const { config, resolveAll } = ctx;
  if (domain === DEMO_CANVAS_DOMAIN) {
    const origin = ctx.selfOrigin();
    if (!origin)
      throw new AppError(503, "canvas_demo_unavailable", "The demo Canvas is not available right now.");
    const baseUrl = `${origin}${demoCanvasBase(timeZone)}`;
    return {
      baseUrl,
      policy: { insecureHosts: [], resolveAll, trustedOrigin: origin },
      link: (url) => safeLink(url?.startsWith(`${origin}/`) ? url.slice(origin.length) : url),
    };
  }
  const policy: HostPolicy = { insecureHosts: config.canvasInsecureHosts, resolveAll };
  return { baseUrl: canvasOrigin(domain, policy).origin, policy, link: safeLink };
}

/**
 * `deadlineMs`: what is left of the time a student's request may take (the tuning's own by default);
 * infinite for the background sync, which no one waits for.
 */
async function clientFor(ctx: Ctx, userId: number, domain: string, token: string, deadlineMs?: number) {
  // The demo has no zone of its own; a real Canvas dates work in the school's.
  const timeZone = domain === DEMO_CANVAS_DOMAIN ? await ctx.settings.timeZone(userId) : undefined;
  const t = target(ctx, domain, timeZone);
  const client = createCanvasClient({
    baseUrl: t.baseUrl,
    token,
    policy: t.policy,
    tuning: { ...ctx.config.canvasTuning, ...(deadlineMs === undefined ? {} : { deadlineMs }) },
  });
  return { ...t, client };
}

/** The student's connection and its decrypted token; not connected is a 409. */
async function stored({ db, config }: Ctx, userId: number) {
  const conn = await canvasRepo.findConnection(db, userId);
  if (!conn) throw notConnected();
  return { conn, token: decrypt(config.secretKey, conn.tokenCiphertext) };
}

/** One full sync, recorded on the connection (its time, or the error a student sees in Settings). */
async function runSync(ctx: Ctx, userId: number, domain: string, token: string, deadlineMs?: number) {
  const { db, clock, courses, tasks } = ctx;
  const { client, baseUrl, link } = await clientFor(ctx, userId, domain, token, deadlineMs);
  const t: SyncTarget = { userId, courses, tasks, client, webBase: baseUrl, link };
  try {
    const counts = await syncCanvas(t);
    const at = clock.now();
    await canvasRepo.recordSync(db, userId, { at, unreadable: counts.unreadableCourses });
    return { ...counts, lastSyncedAt: at.toISOString() };
  } catch (err) {
    const appError = toAppError(err, "sync");
    await canvasRepo.recordSync(db, userId, { error: appError.message });
    throw appError;
  } finally {
    client.close();
  }
}

/** Checks the token against Canvas, stores it, marks onboarding done and runs the first sync. */
async function connectWith(ctx: Ctx, userId: number, domain: string, token: string): Promise<ConnectResult> {
  const began = Date.now();
  const { client } = await clientFor(ctx, userId, domain, token);
  try {
    // Validate before saving: a wrong token or address saves nothing.
    await client.self();
  } catch (err) {
    throw toAppError(err, "connect");
  } finally {
    client.close();
  }
  await canvasRepo.saveConnection(ctx.db, userId, domain, encrypt(ctx.config.secretKey, token));
  await ctx.auth.setOnboarded(userId);
  const demo = domain === DEMO_CANVAS_DOMAIN;
  try {
    // One request's time for both: the first sync gets what the token check left of it.
    const budget = { ...DEFAULT_TUNING, ...ctx.config.canvasTuning }.deadlineMs;
    const counts = await runSync(ctx, userId, domain, token, Math.max(0, budget - (Date.now() - began)));
    return {
      connected: true,
      domain,
      demo,
      courses: counts.courses,
      assignments: counts.assignments,
      syncError: null,
      unreadableCourses: counts.unreadableCourses,
    };
  } catch (err) {
    const message = err instanceof AppError ? err.message : "Failed to sync Canvas data";
    return {
      connected: true,
      domain,
      demo,
      courses: 0,
      assignments: 0,
      syncError: message,
      unreadableCourses: [],
    };
  }
}

async function connect(ctx: Ctx, userId: number, input: ConnectCanvasInput) {
  const parsed = parseCanvasDomain(input.domain);
  if (!parsed.ok) throw badRequest(parsed.message);
  if (parsed.host === DEMO_CANVAS_DOMAIN)
    throw badRequest("Use 'Try with demo data' to open the demo Canvas.");
  // Checked before any request: the policy errors are the user's to fix.
  try {
    target(ctx, input.domain);
  } catch (err) {
    throw toAppError(err, "connect");
  }
  return connectWith(ctx, userId, parsed.host, input.token);
}

/** The courses the last successful sync left out, as it named them; none before a sync or when not connected. */
async function unreadableCourses({ db }: Ctx, userId: number) {
  const conn = await canvasRepo.findConnection(db, userId);
  return { courses: conn?.unreadableCourses ?? [], checkedAt: conn?.lastSyncedAt?.toISOString() ?? null };
}

async function status({ db }: Ctx, userId: number): Promise<CanvasStatus> {
  const conn = await canvasRepo.findConnection(db, userId);
  return {
    connected: !!conn,
    domain: conn?.domain ?? null,
    demo: conn?.domain === DEMO_CANVAS_DOMAIN,
    lastSyncedAt: conn?.lastSyncedAt?.toISOString() ?? null,
    lastSyncError: conn?.lastSyncError ?? null,
  };
}

async function connectedDomain({ db }: Ctx, userId: number) {
  const conn = await canvasRepo.findConnection(db, userId);
  if (!conn) throw notFound("Canvas connection");
  return { domain: conn.domain };
}

/** A sync asked for by the student; `auto` (the app's own) honours the setting and the 10-minute gap. */
async function sync(
  ctx: Ctx,
  userId: number,
  opts: { auto?: boolean; background?: boolean },
): Promise<SyncResult> {
  const { conn, token } = await stored(ctx, userId);
  const skip = (skipped: "recent" | "disabled"): SyncResult => ({
    skipped,
    courses: 0,
    assignments: 0,
    created: 0,
    updated: 0,
    deleted: 0,
    lastSyncedAt: conn.lastSyncedAt?.toISOString() ?? null,
    unreadableCourses: [],
  });
  if (opts.auto) {
    if (!(await ctx.settings.get(userId)).autoSync) return skip("disabled");
    const age = conn.lastSyncedAt
      ? ctx.clock.now().getTime() - conn.lastSyncedAt.getTime()
      : Number.POSITIVE_INFINITY;
    if (age < AUTO_SYNC_MIN_INTERVAL_MS) return skip("recent");
  }
  const deadlineMs = opts.background ? Number.POSITIVE_INFINITY : undefined;
  return { skipped: null, ...(await runSync(ctx, userId, conn.domain, token, deadlineMs)) };
}

/**
 * The background sync (canvas.jobs.ts): as the app's auto-sync (the setting, not within 10 minutes of
 * the last), never for the demo Canvas (the server itself, unreachable from a worker), and a failure
 * a retry cannot mend is answered, not thrown.
 */
async function backgroundSync(ctx: Ctx, userId: number): Promise<BackgroundSyncResult> {
  const conn = await canvasRepo.findConnection(ctx.db, userId);
  if (!conn) return { skipped: "disconnected" };
  if (conn.domain === DEMO_CANVAS_DOMAIN) return { skipped: "demo" };
  try {
    return await sync(ctx, userId, { auto: true, background: true });
  } catch (err) {
    if (err instanceof AppError && FINAL_SYNC_ERRORS.has(err.code))
      return { skipped: null, failed: err.code };
    throw err;
  }
}

/**
 * Enqueues a background sync for each student due one (last attempt older than
 * BACKGROUND_SYNC_EVERY_MS, auto-sync on), each at a random moment of the next `spreadSeconds`.
 * Answers how many were enqueued: a student whose sync is already waiting is not enqueued again.
 */
async function enqueueDueSyncs(ctx: Ctx, { spreadSeconds = SYNC_SPREAD_SECONDS } = {}): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - BACKGROUND_SYNC_EVERY_MS);
  const due = await canvasRepo.dueForSync(ctx.db, before, DEMO_CANVAS_DOMAIN, SWEEP_LIMIT);
  let enqueued = 0;
  for (const userId of await ctx.settings.autoSyncing(due)) {
    const startAfter = Math.floor(Math.random() * spreadSeconds);
    if (await ctx.jobs.enqueue(canvasSyncJob, { userId }, { startAfter })) enqueued++;
  }
  return enqueued;
}

/** The cached Canvas courses; `refresh` reads both course lists from Canvas first. */
async function canvasCourses(ctx: Ctx, userId: number, opts: { refresh: boolean; state?: "completed" }) {
  const { courses, tasks } = ctx;
  if (opts.refresh) {
    const { conn, token } = await stored(ctx, userId);
    const { client, baseUrl, link } = await clientFor(ctx, userId, conn.domain, token);
    try {
      const [active, completed] = await Promise.all([client.courses("active"), client.courses("completed")]);
      await writeCourseLists({ userId, courses, tasks, client, webBase: baseUrl, link }, active, completed);
    } catch (err) {
      throw toAppError(err, "sync");
    } finally {
      client.close();
    }
  }
  return courses.canvasCourses(userId, opts.state);
}

async function disconnect({ db, courses, tasks }: Ctx, userId: number, removeTasks: boolean) {
  // Kept tasks lose their course (the foreign key sets it null) but keep canvasId: reconnecting
  // re-links them. All of it commits together.
  return db.transaction(async (tx) => {
    const taskCounts = await tasks.removeImported(userId, removeTasks, tx);
    const removedCourses = await courses.removeCanvasCourses(userId, tx);
    await canvasRepo.deleteConnection(tx, userId);
    return { removedCourses, ...taskCounts };
  });
}

/** SPEC §7 parse-canvas: Canvas assignment JSON the client already holds, imported as tasks. */
async function parse({ db, courses, tasks }: Ctx, userId: number, data: unknown[], courseId: number | null) {
  await courses.assertOwn(userId, courseId);
  const assignments: CanvasAssignmentJson[] = data.flatMap((item) => {
    const r = canvasAssignmentJson.safeParse(item);
    return r.success ? [r.data] : [];
  });
  if (data.length && !assignments.length) throw badRequest("No Canvas assignments found in canvasData.");
  const conn = await canvasRepo.findConnection(db, userId);
  const webBase = conn && conn.domain !== DEMO_CANVAS_DOMAIN ? safeBase(conn.domain) : null;
  const values = assignments.map((a) =>
    toTaskValues(
      safeLink,
      a,
      courseId,
      webBase && a.course_id ? `${webBase}/courses/${a.course_id}/assignments/${a.id}` : null,
    ),
  );
  // No deletions here: the client sent a subset, not a course's full list.
  return tasks.importSome(userId, values);
}

/**
 * The Canvas link (decision 003): connect, sync, disconnect. It owns the connection; the courses and tasks
 * a sync writes go through those features' services, and 'connected' marks onboarding done through auth.
 * Each operation is a function of its own above; this binds them to the app's deps.
 */
export function createCanvasService(deps: CanvasDeps) {
  const ctx: Ctx = { ...deps, resolveAll: deps.config.canvasResolveAll ?? systemResolveAll };
  return {
    connect: (userId: number, input: ConnectCanvasInput) => connect(ctx, userId, input),
    connectDemo: (userId: number) => connectWith(ctx, userId, DEMO_CANVAS_DOMAIN, DEMO_CANVAS_TOKEN),
    status: (userId: number) => status(ctx, userId),
    unreadableCourses: (userId: number) => unreadableCourses(ctx, userId),
    domain: (userId: number) => connectedDomain(ctx, userId),
    sync: (userId: number, opts: { auto?: boolean }) => sync(ctx, userId, opts),
    backgroundSync: (userId: number) => backgroundSync(ctx, userId),
    enqueueDueSyncs: (opts?: { spreadSeconds?: number }) => enqueueDueSyncs(ctx, opts),
    courses: (userId: number, opts: { refresh: boolean; state?: "completed" }) =>
      canvasCourses(ctx, userId, opts),
    disconnect: (userId: number, removeTasks: boolean) => disconnect(ctx, userId, removeTasks),
    parse: (userId: number, data: unknown[], courseId: number | null): Promise<Task[]> =>
      parse(ctx, userId, data, courseId),
  };
}
export type CanvasService = ReturnType<typeof createCanvasService>;
