import http from "node:http";
import https from "node:https";
import pLimit from "p-limit";
import { CanvasError } from "./canvas-errors.ts";
import { type CanvasHttp, createCanvasHttp } from "./canvas-http.ts";
import {
  type CanvasAssignmentGroupJson,
  type CanvasAssignmentJson,
  type CanvasCourseJson,
  type CanvasUserJson,
  canvasAssignmentGroupJson,
  canvasAssignmentJson,
  canvasCourseJson,
  canvasUserJson,
} from "./canvas-schemas.ts";
import type { HostPolicy } from "./host-policy.ts";

export interface CanvasTuning {
  /** Requests in flight at once per token (canvas-api.md §4.4 recommends 1 to 3). */
  concurrency: number;
  timeoutMs: number;
  /** Attempts per request, the first included, for 5xx, network errors and throttling. */
  maxAttempts: number;
  backoffBaseMs: number;
  /** Throttling backs off longer: Canvas's bucket drains 10 units a second. */
  throttleBackoffBaseMs: number;
  backoffMaxMs: number;
  maxPages: number;
  /** Below this X-Rate-Limit-Remaining the client goes one request at a time. */
  lowQuota: number;
  /**
   * All of one client's work (waits, retries and backoff included) ends within this: a student's request
   * must be answered before the server closes a connection idle for 30 s, with Canvas's reason rather than
   * a dropped connection. The background sync has no such limit.
   */
  deadlineMs: number;
}

export const DEFAULT_TUNING: CanvasTuning = {
  concurrency: 3,
  timeoutMs: 15_000,
  maxAttempts: 5,
  backoffBaseMs: 500,
  throttleBackoffBaseMs: 1_500,
  backoffMaxMs: 30_000,
  maxPages: 100,
  lowQuota: 150,
  deadlineMs: 25_000,
};

export const PER_PAGE = 100;

export interface CanvasClientOptions {
  /** Origin plus an optional path prefix (the demo Canvas lives under /demo-canvas). */
  baseUrl: string;
  token: string;
  policy: HostPolicy;
  tuning?: Partial<CanvasTuning>;
}

export interface CourseList {
  courses: CanvasCourseJson[];
  /** Date-restricted stubs ({id, access_restricted_by_date}): present in Canvas, but unreadable now. */
  restrictedIds: string[];
}

export type CanvasClient = ReturnType<typeof createCanvasClient>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function nextLink(header: string | undefined, current: URL): URL | null {
  if (!header) return null;
  // Case-insensitive, tolerant of spaces and newlines between entries (canvas-api.md §3.3). RFC 8288
  // lets `rel` be any of a link's parameters, not only the first one a proxy or gateway leaves there.
  for (const m of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(m[2]!);
    const rels = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
    if (rels.includes("next")) return new URL(m[1]!, current);
  }
  return null;
}

function parseItems<T>(raw: unknown[], schema: { safeParse(v: unknown): { success: boolean; data?: T } }) {
  return raw.flatMap((item) => {
    const r = schema.safeParse(item);
    return r.success ? [r.data as T] : [];
  });
}

/**
 * The token's own calls (who am I, which courses am I in): Canvas refuses those only when the token is no
 * good, so their 401 means a bad token whether or not WWW-Authenticate survived the way back (a 401 on
 * one course's data, by contrast, is that course being closed to the student).
 */
async function tokenCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof CanvasError && err.kind === "forbidden" && err.status === 401) {
      throw new CanvasError("auth", err.message, 401);
    }
    throw err;
  }
}

/**
 * A read-only Canvas API client for one student's token: bearer header, string ids, Link pagination,
 * bounded concurrency, per-request timeout, retry with backoff on 5xx and throttling (429, or 403
 * 'Rate Limit Exceeded'), and 401 mapped to an auth error. Every URL passes the host policy.
 */
export function createCanvasClient(opts: CanvasClientOptions) {
  const tuning = { ...DEFAULT_TUNING, ...opts.tuning };
  const base = new URL(opts.baseUrl.replace(/\/+$/, ""));
  const apiRoot = `${base.pathname.replace(/\/+$/, "")}/api/v1`;
  const limit = pLimit(tuning.concurrency);
  const agentOptions = { keepAlive: true, maxSockets: tuning.concurrency };
  const agent = base.protocol === "https:" ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const deadline = Date.now() + tuning.deadlineMs;
  const transport: CanvasHttp = createCanvasHttp({
    token: opts.token,
    policy: opts.policy,
    agent,
    timeoutMs: tuning.timeoutMs,
    deadline,
    origin: base.origin,
  });
  const stats = { requests: 0, retries: 0 };

  function backoff(attempt: number, throttled: boolean, retryAfter?: string) {
    const seconds = Number(retryAfter);
    if (retryAfter !== undefined && Number.isFinite(seconds) && seconds >= 0) {
      return Math.min(seconds * 1000, tuning.backoffMaxMs);
    }
    const baseMs = throttled ? tuning.throttleBackoffBaseMs : tuning.backoffBaseMs;
    const ceiling = Math.min(baseMs * 2 ** (attempt - 1), tuning.backoffMaxMs);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  function watchQuota(remaining: string | undefined) {
    const left = Number(remaining);
    if (remaining === undefined || !Number.isFinite(left)) return;
    if (left < tuning.lowQuota) limit.concurrency = 1;
    else if (left > tuning.lowQuota * 2) limit.concurrency = tuning.concurrency;
  }

  async function getJson(url: URL): Promise<{ json: unknown; link?: string }> {
    for (let attempt = 1; ; attempt++) {
      try {
        stats.requests += 1;
        const res = await limit(() => transport.get(url));
        watchQuota(res.remaining);
        return { json: res.json, link: res.link };
      } catch (err) {
        if (!(err instanceof CanvasError)) throw err;
        const retriable = ["throttled", "upstream", "network", "timeout"].includes(err.kind);
        const permanent = err.kind === "upstream" && err.status !== undefined && err.status < 500;
        if (!retriable || permanent || attempt >= tuning.maxAttempts) throw err;
        const wait = backoff(attempt, err.kind === "throttled", err.retryAfter);
        // A retry that could not finish in time only delays the answer the student is waiting for.
        if (Date.now() + wait >= deadline) throw err;
        if (err.kind === "throttled") limit.concurrency = 1;
        stats.retries += 1;
        await sleep(wait);
      }
    }
  }

  function apiUrl(path: string, query: Record<string, string | string[]> = {}) {
    const url = new URL(`${apiRoot}${path}`, base);
    for (const [k, v] of Object.entries(query)) {
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, item);
    }
    return url;
  }

  async function list(path: string, query: Record<string, string | string[]>): Promise<unknown[]> {
    let url: URL | null = apiUrl(path, { ...query, per_page: String(PER_PAGE) });
    const seen = new Set<string>();
    const items: unknown[] = [];
    for (let page = 0; url && page < tuning.maxPages; page++) {
      seen.add(url.href);
      const { json, link } = await getJson(url);
      if (!Array.isArray(json)) {
        throw new CanvasError("bad_response", "Canvas answered a list request with something else.");
      }
      items.push(...json);
      const next = nextLink(link, url);
      if (next && (next.origin !== base.origin || !next.pathname.startsWith(`${apiRoot}/`))) {
        // A next link elsewhere would carry the token to another host: never follow it.
        throw new CanvasError("refused", "Canvas pointed its next page at another address; refusing.");
      }
      url = next && !seen.has(next.href) ? next : null;
    }
    return items;
  }

  return {
    stats,
    /** The cheapest call that proves a token works (canvas-api.md §7). */
    async self(): Promise<CanvasUserJson> {
      const { json } = await tokenCall(getJson(apiUrl("/users/self")));
      const parsed = canvasUserJson.safeParse(json);
      if (!parsed.success) {
        throw new CanvasError("bad_response", "That address did not answer like a Canvas server.");
      }
      return parsed.data;
    },
    async courses(state: "active" | "completed"): Promise<CourseList> {
      const raw = await tokenCall(
        list("/courses", {
          enrollment_state: state,
          "include[]": ["total_scores", "term"],
        }),
      );
      const parsed = parseItems<CanvasCourseJson>(raw, canvasCourseJson);
      return {
        courses: parsed.filter((c) => c.name),
        restrictedIds: parsed.filter((c) => !c.name).map((c) => c.id),
      };
    },
    async assignments(courseId: string): Promise<CanvasAssignmentJson[]> {
      const raw = await list(`/courses/${encodeURIComponent(courseId)}/assignments`, {
        "include[]": ["submission"],
        order_by: "due_at",
      });
      return parseItems<CanvasAssignmentJson>(raw, canvasAssignmentJson);
    },
    /** The course's assignment groups with their assignments and the student's submissions (What-If). */
    async assignmentGroups(courseId: string): Promise<CanvasAssignmentGroupJson[]> {
      const raw = await list(`/courses/${encodeURIComponent(courseId)}/assignment_groups`, {
        "include[]": ["assignments", "submission"],
      });
      return parseItems<CanvasAssignmentGroupJson>(raw, canvasAssignmentGroupJson);
    },
    close() {
      agent.destroy();
    },
  };
}
