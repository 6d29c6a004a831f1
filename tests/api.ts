import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { z } from "zod";
import type { Endpoint, Infer } from "#shared/http.ts";
import { type FormPart, multipartForm } from "./multipart-form.ts";

/** Who sends a request: a signed-in student (createUser), or null for no session. */
export type Caller = { headers: Record<string, string> } | null;

type Has<T> = [NonNullable<T>] extends [never] ? false : true;
// biome-ignore lint/complexity/noBannedTypes: {} is the neutral element of these intersections
type Part<K extends string, V, Present extends boolean> = Present extends true ? { [P in K]: V } : {};

/**
 * What a call takes, read from the endpoint's row as the client's `call()` reads it: params by their parsed
 * form, the query as the server parses it (optional keys), the body as the schema's input. A multipart
 * endpoint (no body schema) takes the parts of its form instead.
 */
export type CallArgs<E extends Endpoint> = Part<"params", Infer<E["params"]>, Has<E["params"]>> &
  Partial<Part<"query", Partial<z.output<NonNullable<E["query"]>>>, Has<E["query"]>>> &
  (Has<E["body"]> extends true ? { body: z.input<NonNullable<E["body"]>> } : { form?: FormPart[] });
type ArgsTuple<E extends Endpoint> = Has<E["params"]> | Has<E["body"]> extends false
  ? [CallArgs<E>?]
  : [CallArgs<E>];

/** Any input at all, for tests that send what the schema refuses (bad ids, wrong types, extra keys). */
export interface LooseArgs {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormPart[];
  headers?: Record<string, string>;
}

/** The endpoint's path with its params filled in and its query appended (as client/lib/api.ts builds it). */
export function urlOf(e: Endpoint, params?: Record<string, unknown>, query?: Record<string, unknown>) {
  const filled = e.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key])));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) search.set(k, String(v));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** One request through app.inject, with the caller's session. */
export function inject(app: FastifyInstance, who: Caller, e: Endpoint, args: LooseArgs = {}) {
  const form = args.form ? multipartForm(args.form) : undefined;
  return app.inject({
    method: e.method,
    url: urlOf(e, args.params, args.query),
    headers: { ...who?.headers, ...form?.headers, ...args.headers },
    payload: form ? form.payload : (args.body as object | undefined),
  });
}

/**
 * Calls to the app as one student, driven by the endpoint tables of src/shared/<feature>/contract.ts:
 * `api(ada).call(studyEndpoints.createSet, { body: { title: "Cells" } })`. The URL, the input's type and
 * the answer's type all come from the row, so a test never types an `/api/...` path by hand.
 */
export function apiClient(app: FastifyInstance) {
  return (who: Caller) => ({
    /**
     * The answer of a call that must succeed: a status other than the row's success status fails the test
     * with the answer's body. The body is the JSON as sent: the app already checks every answer strictly
     * against the row's response schema in tests (checkResponses).
     */
    async call<E extends Endpoint>(e: E, ...[args]: ArgsTuple<E>): Promise<z.output<E["response"]>> {
      const res = await inject(app, who, e, (args ?? {}) as LooseArgs);
      const expected = e.status ?? 200;
      if (res.statusCode !== expected) {
        throw new Error(`${e.method} ${e.path}: expected ${expected}, got ${res.statusCode} ${res.body}`);
      }
      return res.json();
    },
    /** The whole response, whatever its status: for tests of refusals (400/401/403/404...) and headers. */
    send(e: Endpoint, args?: LooseArgs): Promise<LightMyRequestResponse> {
      return inject(app, who, e, args);
    },
  });
}
export type Api = ReturnType<typeof apiClient>;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The hand-written request older tests use (method, URL, JSON body, extra headers) as one caller; new
 * tests use apiClient's `call`/`send`, which take the URL from the endpoint table.
 */
export const requester =
  (app: () => FastifyInstance) =>
  (who: Caller, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    app().inject({ method, url, payload, headers: { ...who?.headers, ...headers } });
