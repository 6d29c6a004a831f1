import { z } from "zod";
import { defineJob } from "../../jobs/define.ts";

/**
 * One student's FSRS parameters fitted again from their review log (issue 25 §4), on request or from the
 * monthly sweep. One at a time per student; a second request while one waits is dropped. Idempotent: a
 * run replaces the stored fit with one made from the whole log.
 */
export const fitFsrsJob = defineJob({
  name: "review.fit-fsrs",
  payload: z.object({ userId: z.int().positive() }),
  singleton: { key: ({ userId }) => `user:${userId}`, duplicates: "drop" },
  retry: { limit: 1, delaySeconds: 5 * 60 },
  timeoutSeconds: 10 * 60,
  concurrency: 1,
  handler: ({ userId }, { services }) => services.review.fitFsrs(userId),
});

/** Monthly, once per cluster: every student with enough reviews gets a fresh fit. */
export const fitFsrsMonthlyJob = defineJob({
  name: "review.fit-fsrs-monthly",
  payload: z.object({}),
  schedule: { cron: "23 3 1 * *" },
  retry: { limit: 1, delaySeconds: 60 },
  timeoutSeconds: 5 * 60,
  async handler(_payload, { services }) {
    return { enqueued: await services.review.enqueueMonthlyFits() };
  },
});
