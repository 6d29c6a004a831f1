import { z } from "zod";
import { defineJob } from "../../jobs/define.ts";

/** A student's Canvas data is refreshed in the background about this often (Settings > Auto-sync). */
export const BACKGROUND_SYNC_EVERY_MS = 4 * 60 * 60 * 1000;
/** Each sweep spreads the syncs it enqueues over this long, so students do not all hit Canvas at once. */
export const SYNC_SPREAD_SECONDS = 15 * 60;
/** At most this many students are enqueued per sweep (every 15 minutes: 4,000 an hour). */
export const SWEEP_LIMIT = 1000;

/**
 * One student's Canvas sync, in the background. One at a time per student, and while one waits another is
 * not enqueued. Idempotent: the sync writes only what differs from Canvas (decision 003), and it skips
 * when the student switched auto-sync off, synced in the last 10 minutes (by hand, say) or disconnected
 * since it was enqueued. A rejected token or address is recorded on the connection (the student sees it
 * in Settings) and not retried; throttling or an unreachable Canvas is retried with backoff, on top of
 * the Canvas client's own retries.
 */
export const canvasSyncJob = defineJob({
  name: "canvas.sync",
  payload: z.object({ userId: z.int().positive() }),
  singleton: { key: ({ userId }) => `user:${userId}`, duplicates: "drop" },
  retry: { limit: 3, delaySeconds: 5 * 60, backoff: true, maxDelaySeconds: 60 * 60 },
  timeoutSeconds: 10 * 60,
  concurrency: 2,
  handler: ({ userId }, { services }) => services.canvas.backgroundSync(userId),
});

/**
 * Every 15 minutes, once per cluster: enqueues a sync for each student whose last attempt is older than
 * BACKGROUND_SYNC_EVERY_MS and who has auto-sync on. Idempotent: a student already waiting is not enqueued
 * twice (the sync job's singleton), and a student synced since is no longer due.
 */
export const canvasAutoSyncJob = defineJob({
  name: "canvas.auto-sync",
  payload: z.object({}),
  schedule: { cron: "*/15 * * * *" },
  retry: { limit: 1, delaySeconds: 60 },
  timeoutSeconds: 5 * 60,
  async handler(_payload, { services, log }) {
    const enqueued = await services.canvas.enqueueDueSyncs();
    if (enqueued) log.info({ enqueued }, "Canvas syncs enqueued");
    return { enqueued };
  },
});
