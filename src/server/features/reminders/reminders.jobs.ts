import { z } from "zod";
import { defineJob } from "../../jobs/define.ts";

/**
 * One student's reminders, now: what reminders.rules.ts says is due and the log does not hold yet is
 * stored as an in-app notification and pushed to each of their devices. One at a time per student, and
 * while one waits another is not enqueued. Idempotent: each reminder is logged under its key (task + due
 * instant + kind, or the day) and its notification carries the same dedupe key, so a rerun after a crash
 * between the two sends nothing twice. A push that fails is not retried: the notification is in the bell.
 */
export const deliverRemindersJob = defineJob({
  name: "reminders.deliver",
  payload: z.object({ userId: z.number().int().positive() }),
  singleton: { key: ({ userId }) => `user:${userId}`, duplicates: "drop" },
  retry: { limit: 3, delaySeconds: 60, backoff: true, maxDelaySeconds: 15 * 60 },
  timeoutSeconds: 2 * 60,
  // Each delivery waits on the database and the push service more than it computes; 8 at once leave the
  // pool's other 2 connections to requests (4 managed 8 students/s, 8 double that: bench:jobs).
  concurrency: 8,
  handler: ({ userId }, { services }) => services.reminders.deliver(userId),
});

/**
 * Every 5 minutes, once per cluster: the students with a reminder due (reminders.repo.ts `dueStudents`),
 * read in batches by id (one statement each), and a delivery enqueued for each batch's students at once. Idempotent: a student already
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
