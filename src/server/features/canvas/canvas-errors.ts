import { CanvasError } from "../../integrations/canvas/canvas-errors.ts";
import { AppError } from "../../lib/errors.ts";

/** SPEC §8's fallback when a sync fails for a reason Canvas did not explain. */
export const SYNC_FAILED = "Failed to sync Canvas data. Please check your credentials.";

/**
 * A Canvas failure as an answer to the student. While connecting, a bad token or address is theirs to
 * fix (400); during a sync the stored credential or Canvas itself failed (400 for the token, 429 for
 * throttling, 502 for Canvas being unreachable). Codes let the client pick the right banner.
 */
export function toAppError(err: unknown, phase: "connect" | "sync"): Error {
  if (err instanceof AppError || !(err instanceof CanvasError)) return err as Error;
  switch (err.kind) {
    case "auth":
      return new AppError(
        400,
        "canvas_auth",
        phase === "connect"
          ? `Canvas did not accept this token: ${err.message}`
          : `${SYNC_FAILED} Canvas said: ${err.message}`,
      );
    case "refused":
      return new AppError(400, "canvas_domain", err.message);
    case "throttled":
      return new AppError(
        429,
        "canvas_throttled",
        "Canvas is busy right now (Rate Limit Exceeded). Please try again in a minute.",
      );
    case "forbidden":
      if (phase === "connect") {
        return new AppError(
          400,
          "canvas_unreachable",
          err.status === 404
            ? "That address did not answer like a Canvas server."
            : `Canvas refused access: ${err.message}`,
        );
      }
      return new AppError(502, "canvas_unavailable", `Canvas refused access: ${err.message}`);
    default:
      return phase === "connect"
        ? new AppError(400, "canvas_unreachable", err.message)
        : new AppError(502, "canvas_unavailable", err.message);
  }
}

/**
 * Why one course was left out of a sync, for the student: Canvas answers 401 (without WWW-Authenticate)
 * when their access to the course has ended, 403 when it is restricted, 404 when it was deleted
 * (canvas-api.md §2.4). Their token is fine, so nothing here asks them to reconnect.
 */
export function unreadableCourseMessage(name: string, err: CanvasError): string {
  const why =
    err.status === 404
      ? "it no longer exists in Canvas"
      : err.status === 403
        ? "Canvas restricts access to it"
        : "Canvas no longer lets you read it (your access to the course may have ended)";
  return `Could not read "${name}": ${why}. Its assignments from earlier syncs are kept.`;
}

/**
 * Why one course was left out of a sync when Canvas failed on it alone (a 5xx after the retries, a
 * timeout, an answer that is not Canvas's JSON): real instances do this to one course now and then, and
 * the others are worth having meanwhile.
 */
export function unansweredCourseMessage(name: string): string {
  return `Canvas did not answer for "${name}" this time. Its assignments from earlier syncs are kept, and the next sync tries again.`;
}
