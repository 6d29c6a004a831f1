import { z } from "zod";
import { defineJob } from "../../jobs/define.ts";

/** A subscribed feed is read again about this often. */
export const REFRESH_EVERY_MS = 4 * 60 * 60 * 1000;
/** Each sweep spreads the refreshes it enqueues over this long, so feeds are not all fetched at once. */
export const REFRESH_SPREAD_SECONDS = 15 * 60;
/** At most this many feeds are enqueued per sweep. */
export const SWEEP_LIMIT = 1000;

/**
 * One subscribed feed read again, in the background. One at a time per student (the singleton key is
 * the student, so ten feeds of one student are fetched one after another). Idempotent: a refresh replaces
 * the feed's events as a whole; a feed removed since it was enqueued is skipped, and a broken feed is
 * recorded on its row and not retried.
 */
export const refreshSubscriptionJob = defineJob({
  name: "calendar.refresh-subscription",
  payload: z.object({ userId: z.int().positive(), subscriptionId: z.int().positive() }),
  singleton: { key: ({ userId }) => `user:${userId}`, duplicates: "queue" },
  retry: { limit: 2, delaySeconds: 5 * 60, backoff: true, maxDelaySeconds: 60 * 60 },
  timeoutSeconds: 2 * 60,
  concurrency: 2,
  handler: ({ userId, subscriptionId }, { services }) =>
    services.calendar.backgroundRefresh(userId, subscriptionId),
});

/** Every 15 minutes, once per cluster: enqueues a refresh for each feed not read for REFRESH_EVERY_MS. */
export const refreshSubscriptionsJob = defineJob({
  name: "calendar.refresh-subscriptions",
  payload: z.object({}),
  schedule: { cron: "7,22,37,52 * * * *" },
  retry: { limit: 1, delaySeconds: 60 },
  timeoutSeconds: 5 * 60,
  async handler(_payload, { services, log }) {
    const enqueued = await services.calendar.enqueueDueRefreshes();
    if (enqueued) log.info({ enqueued }, "Calendar subscription refreshes enqueued");
    return { enqueued };
  },
});
