/** Why a subscribed feed could not be read; the feature maps each onto a 4xx and Settings shows the message. */
export type FeedErrorKind = "refused" | "unreachable" | "invalid" | "too_large";

export class FeedError extends Error {
  constructor(
    readonly kind: FeedErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "FeedError";
  }
}
