import { z } from "zod";
import { defineJob } from "../../jobs/define.ts";

/** Tries before a push that keeps failing (429, 5xx, no answer) is given up: the bell still holds it. */
export const REDELIVER_ATTEMPTS = 6;

export const redeliverPayloadSchema = z.object({
  userId: z.int().positive(),
  notificationId: z.int().positive(),
  /** Only the devices whose push service failed: the others already show the notification. */
  subscriptionIds: z.array(z.int().positive()).min(1),
  tag: z.string().optional(),
  urgency: z.enum(["very-low", "low", "normal", "high"]).optional(),
  /** The first send's TTL, as an instant: a reminder is not pushed after it (RFC 8030 §5.2). */
  expiresAt: z.iso.datetime(),
  /** 1 for the first retry. */
  attempt: z.int().positive(),
});
export type RedeliverPayload = z.infer<typeof redeliverPayloadSchema>;

/**
 * A push the push service did not take (429, 5xx, network, timeout: RFC 8030 §7 says try later) sent
 * again to the devices it failed for, after Retry-After or a growing delay. Each run that still fails
 * enqueues the next attempt itself (with only the devices still failing) instead of throwing: a
 * pg-boss retry would resend to every device of the payload. Idempotent enough: a rerun after a crash
 * may push once more, under the same Topic and tag, so the device replaces rather than adds.
 */
export const redeliverPushJob = defineJob({
  name: "notifications.redeliver",
  payload: redeliverPayloadSchema,
  retry: { limit: 2, delaySeconds: 60, backoff: true, maxDelaySeconds: 15 * 60 },
  timeoutSeconds: 2 * 60,
  concurrency: 2,
  handler: (payload, { services }) => services.notifications.redeliver(payload),
});
