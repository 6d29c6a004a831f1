import { formatDate } from "#shared/date-format.ts";
import { localDay } from "#shared/local-day.ts";
import type { NewNotification } from "#shared/notifications/contract.ts";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Clock } from "../../lib/clock.ts";
import type { EventBus } from "../../lib/events.ts";
import type { NotificationsService, PushOptions } from "../notifications/notifications.service.ts";
import type { ExamService } from "../review/exam.service.ts";
import type { ReviewService } from "../review/review.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { TasksService } from "../tasks/tasks.service.ts";
import { deliverRemindersJob } from "./reminders.jobs.ts";
import { remindersRepo } from "./reminders.repo.ts";
import { dailyOccurrence, isQuiet, type TaskReminderKind, taskReminder } from "./reminders.rules.ts";

const HOUR_MS = 60 * 60 * 1000;
/** Students one tick enqueues at most; the rest are still due at the next tick (5 minutes later). */
export const TICK_LIMIT = 20_000;
/**
 * Students per statement of the tick. One statement over every student held a connection (on PGlite,
 * the only one) for the whole scan and enqueued thousands of jobs at once; batches by id keep each
 * statement short, so other requests get the connection between them.
 */
export const TICK_BATCH = 500;
/** Log rows are kept this long: every key they hold is about a due date or day already past. */
const LOG_KEEP_MS = 3 * 24 * HOUR_MS;

interface Pending {
  key: string;
  dueAt: Date;
  /** The notifications to store and push; none: nothing to say (no cards due), logged all the same. */
  build(): Promise<Array<{ note: NewNotification; options: PushOptions }>>;
}

export interface DeliverResult {
  /** Reminders stored (and pushed to the student's devices). */
  notified: number;
  /** Quiet hours or notifications off: nothing handled. */
  skipped?: "disabled" | "quiet";
}

/** 'today at 14:00', 'tomorrow at 09:00' or 'Mon 3 Mar at 09:00', in the student's zone. */
function whenDue(now: Date, due: Date, timeZone: string): string {
  const time = formatDate(due, "HH:mm", timeZone);
  const day = localDay(due, timeZone);
  if (day === localDay(now, timeZone)) return `today at ${time}`;
  if (day === localDay(new Date(now.getTime() + 24 * HOUR_MS), timeZone)) return `tomorrow at ${time}`;
  return `${formatDate(due, "EEE d MMM", timeZone)} at ${time}`;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Reminders (issue 23): a tick finds who is due and enqueues a delivery per student; a delivery decides
 * exactly (reminders.rules.ts), stores each reminder in the notification centre and pushes it.
 */
export function createRemindersService(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  events: EventBus;
  settings: Pick<SettingsService, "reminderProfile">;
  tasks: Pick<TasksService, "list">;
  review: Pick<ReviewService, "queue">;
  exams: Pick<ExamService, "upcoming">;
  notifications: Pick<NotificationsService, "notify">;
}) {
  const { db, clock, jobs } = deps;

  // A task given a due date within the day is reminded at once, not at the next tick.
  deps.events.on("task.scheduled", async ({ userId, dueDate }) => {
    const left = dueDate.getTime() - clock.now().getTime();
    if (left > 0 && left <= 24 * HOUR_MS) await jobs.enqueue(deliverRemindersJob, { userId });
  });

  return {
    /** The tick: students with a reminder due, one delivery job each. */
    async enqueueDue({
      batch = TICK_BATCH,
    } = {}): Promise<{ due: number; enqueued: number; purged: number }> {
      const now = clock.now();
      let due = 0;
      let enqueued = 0;
      let after = 0;
      while (due < TICK_LIMIT) {
        const userIds = await remindersRepo.dueStudents(db, now, Math.min(batch, TICK_LIMIT - due), after);
        if (userIds.length === 0) break;
        due += userIds.length;
        enqueued += await jobs.enqueueMany(
          deliverRemindersJob,
          userIds.map((userId) => ({ userId })),
        );
        after = userIds.at(-1)!;
        // The event loop's other work (requests, job fetches) runs between two batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const purged = await remindersRepo.purge(db, new Date(now.getTime() - LOG_KEEP_MS));
      return { due, enqueued, purged };
    },

    /** One student's due reminders, each stored and pushed once. */
    async deliver(userId: number): Promise<DeliverResult> {
      const profile = await deps.settings.reminderProfile(userId);
      if (!profile.enabled) return { notified: 0, skipped: "disabled" };
      const now = clock.now();
      const { timeZone } = profile;
      if (isQuiet(now, timeZone, profile)) return { notified: 0, skipped: "quiet" };

      const pending: Pending[] = [];
      if (profile.taskDue) {
        for (const task of await deps.tasks.list(userId)) {
          const dueDate = task.dueDate ? new Date(task.dueDate) : null;
          const r = taskReminder(now, { id: task.id, dueDate, completed: task.completed });
          if (!r || !dueDate) continue;
          const kind: TaskReminderKind = r.kind;
          pending.push({
            key: r.key,
            dueAt: r.dueAt,
            build: async () => [
              {
                note: {
                  kind: "task_due",
                  title: clip(`Due ${whenDue(now, dueDate, timeZone)}: ${task.title}`, 120),
                  body: kind === "1h" ? "Due within the hour." : "Due within 24 hours.",
                  url: `/tasks?task=${task.id}`,
                  dedupeKey: r.key,
                },
                // The 1 h reminder replaces the 24 h one on the device; kept until the task is due.
                options: {
                  tag: `task-${task.id}`,
                  urgency: kind === "1h" ? "high" : "normal",
                  ttlSeconds: Math.max(60, Math.floor((dueDate.getTime() - now.getTime()) / 1000)),
                },
              },
            ],
          });
        }
      }
      const daily =
        profile.dailyReview || profile.examPlan
          ? dailyOccurrence(now, timeZone, profile.reviewTime, profile)
          : null;
      if (daily && profile.dailyReview) {
        const key = `review:${daily.day}`;
        pending.push({
          key,
          dueAt: daily.dueAt,
          async build() {
            const { dueCount } = await deps.review.queue(userId, { limit: 1, timeZone });
            if (dueCount === 0) return [];
            return [
              {
                note: {
                  kind: "review_due",
                  title: `${dueCount} card${dueCount === 1 ? "" : "s"} due`,
                  body: "Your daily review is ready.",
                  url: "/study/review",
                  dedupeKey: key,
                },
                options: { tag: "review", ttlSeconds: 12 * 60 * 60 },
              },
            ];
          },
        });
      }
      if (daily && profile.examPlan) {
        const day = daily.day;
        pending.push({
          key: `exam:${day}`,
          dueAt: daily.dueAt,
          async build() {
            const exams = (await deps.exams.upcoming(userId, timeZone)).filter((e) => e.today > 0);
            return exams.map((e) => ({
              note: {
                kind: "exam_plan" as const,
                title: `Exam plan: ${e.today} card${e.today === 1 ? "" : "s"} today`,
                body: clip(
                  `${e.examTitle} (${e.setTitle}) is ${whenDue(now, new Date(e.examDate), timeZone)}.`,
                  400,
                ),
                url: `/study/review?set=${e.flashcardSetId}`,
                dedupeKey: `exam:${e.flashcardSetId}:${day}`,
              },
              options: { tag: `exam-${e.flashcardSetId}`, ttlSeconds: 12 * 60 * 60 },
            }));
          },
        });
      }

      const logged = await remindersRepo.logged(
        db,
        userId,
        pending.map((p) => p.key),
      );
      let notified = 0;
      for (const p of pending) {
        if (logged.has(p.key)) continue;
        let firstId: number | null = null;
        for (const { note, options } of await p.build()) {
          const { notification } = await deps.notifications.notify(userId, note, options);
          if (notification) {
            notified++;
            firstId ??= notification.id;
          }
        }
        await remindersRepo.record(db, userId, p.key, {
          notificationId: firstId,
          dueAt: p.dueAt,
          createdAt: clock.now(),
        });
      }
      return { notified };
    },
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
