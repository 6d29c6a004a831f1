import { z } from "zod";
import { defineJob } from "../../jobs/define.ts";

/**
 * One student's reminders, now: what reminders.rules.ts says is due and the log does not hold yet is
 * stored as an in-app notification and pushed to each of their devices. One job per student (the tick
 * enqueues many in one statement; a task due within the day enqueues one at once), one at a time per
 * student, and while one waits another is not enqueued. Workers take up to DELIVERY_BATCH waiting jobs at
 * once and deliver them set-based (reminders.service.ts `deliverMany`: a fixed number of statements per
 * batch, pushes in parallel under the push client's bound). Idempotent: each reminder is logged under its
 * key (task + due instant + kind, or the day) and its notification carries the same dedupe key, so a rerun
 * after a crash between the two sends nothing twice. A push a push service did not take (429, 5xx, no
 * answer) is tried again by notifications.redeliver for that device only; this job is not rerun for it.
 */
export const DELIVERY_BATCH = 100;
export const deliverRemindersJob = defineJob({
  name: "reminders.deliver",
  payload: z.object({ userId: z.int().positive() }),
  singleton: { key: ({ userId }) => `user:${userId}`, duplicates: "drop" },
  retry: { limit: 3, delaySeconds: 60, backoff: true, maxDelaySeconds: 15 * 60 },
  timeoutSeconds: 2 * 60,
  // Two batches at once: one's statements run while the other's pushes wait on the push service (the
  // push client bounds the requests in flight); more would only queue on the pool (bench:jobs).
  concurrency: 2,
  handler: ({ userId }, { services }) => services.reminders.deliver(userId),
  batch: {
    size: DELIVERY_BATCH,
    handler: (payloads, { services }) => services.reminders.deliverMany(payloads.map((p) => p.userId)),
  },
});

/**
 * Every 5 minutes, once per cluster: the students with a reminder due (reminders.repo.ts `dueStudents`),
 * read in batches by id (one statement each), and a delivery job enqueued for each of a batch's students
 * in one statement. Idempotent: a student already
 * waiting is not enqueued twice (the singleton), and one whose reminders are logged is not due any more.
 */
export const remindersTickJob = defineJob({
  name: "reminders.tick",
  payload: z.object({}),
  schedule: { cron: "*/5 * * * *" },
  retry: { limit: 1, delaySeconds: 60 },
  timeoutSeconds: 4 * 60,
  async handler(_payload, { services, log }) {
    const result = await services.reminders.enqueueDue();
    if (result.enqueued) log.info(result, "reminder deliveries enqueued");
    return result;
  },
});
