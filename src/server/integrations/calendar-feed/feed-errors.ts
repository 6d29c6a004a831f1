/**
 * Why a subscribed feed could not be read; the feature maps each onto a 4xx (or a 503 when the feed readers
 * are busy: the feed itself may be fine) and Settings shows the message.
 */
export type FeedErrorKind = "refused" | "unreachable" | "invalid" | "too_large" | "busy";

export class FeedError extends Error {
  constructor(
    readonly kind: FeedErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "FeedError";
  }
}
