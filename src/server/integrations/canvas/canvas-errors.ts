/**
 * Why a Canvas call failed, in the terms the service needs to choose an answer:
 * - auth: 401 with WWW-Authenticate, or any 401 on the token's own calls (/users/self, /courses): the
 *   token is invalid, expired or revoked (never retried);
 * - forbidden: 401/403 without it, or 404, the student may not see that resource (skip it);
 * - throttled: still rate limited after the retries;
 * - refused: the address breaks the host policy (private, not https, a redirect elsewhere);
 * - network / timeout / upstream / bad_response: Canvas could not be reached or answered nonsense.
 */
export type CanvasErrorKind =
  | "auth"
  | "forbidden"
  | "throttled"
  | "refused"
  | "network"
  | "timeout"
  | "upstream"
  | "bad_response";

export class CanvasError extends Error {
  constructor(
    readonly kind: CanvasErrorKind,
    message: string,
    readonly status?: number,
    /** Retry-After, when a throttled answer carried one (Canvas itself does not send it). */
    readonly retryAfter?: string,
  ) {
    super(message);
    this.name = "CanvasError";
  }
}
