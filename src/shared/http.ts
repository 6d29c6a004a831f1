import { z } from "zod";
import { dbId, dbIdParam } from "./schema-primitives.ts";

/**
 * One row of a feature's endpoint table: the single description of an HTTP call that the server
 * registers its route from and the client calls through, so the two cannot drift apart.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  S extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** The success status; 200 when absent. */
  status?: 200 | 201 | 202;
  /** Reachable without a session (register, login, health, public share page). */
  public?: boolean;
  /**
   * Answered with server-sent events (server lib/sse.ts): `delta` pieces, then a `done` event of this
   * schema. The client reads it with callStream; `response` is then what the route returns (nothing).
   */
  stream?: S;
}

export const endpoint = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  S extends z.ZodType | undefined = undefined,
>(
  e: Endpoint<P, Q, B, R, S>,
) => e as Endpoint<P, Q, B, R, S> & (S extends z.ZodType ? { stream: S } : unknown);

export type Infer<T> = NonNullable<T> extends z.ZodType ? z.infer<NonNullable<T>> : undefined;

export const okSchema = z.object({ ok: z.literal(true) });

/** Path ids are int4 ids (schema-primitives); anything else is a 400, never a database error. */
export const idParamsSchema = z.object({ id: dbIdParam() });

/**
 * SPEC §7 lets callers send userId; the server accepts it only when it is the signed-in user's. One
 * field for every body (`claimedUserId`) and query string (`claimedUserIdParam`) that may carry it.
 */
export const claimedUserId = dbId("userId must be an id").optional();
export const claimedUserIdParam = dbIdParam("userId must be an id").optional();
export const userIdQuerySchema = z.object({ userId: claimedUserIdParam });
