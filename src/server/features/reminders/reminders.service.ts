import { formatDate } from "#shared/date-format.ts";
import { localDay } from "#shared/local-day.ts";
import type { NewNotification } from "#shared/notifications/contract.ts";
import type { Exam } from "#shared/review/exam-contract.ts";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Clock } from "../../lib/clock.ts";
import type { EventBus } from "../../lib/events.ts";
import type { NotificationsService, PushOptions } from "../notifications/notifications.service.ts";
import type { ExamService } from "../review/exam.service.ts";
import type { ReviewService } from "../review/review.service.ts";
import type { ReminderProfile, SettingsService } from "../settings/settings.service.ts";
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

/** A reminder to handle: logged under `key` once its notifications (none: nothing to say) are stored. */
interface Pending {
  userId: number;
  key: string;
  dueAt: Date;
  notes: Array<{ note: NewNotification; options: PushOptions }>;
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

/**
 * At most `n` UTF-16 units (the notification's limits count them), '…' when cut. A cut between the two
 * halves of an emoji would leave a lone surrogate, which the notification centre refuses: the whole batch
 * of reminders would fail with it.
 */
function clip(s: string, n: number): string {
  if (s.length <= n) return s;
  let end = n - 1;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${s.slice(0, end)}…`;
}

type TaskRow = { id: number; title: string; dueDate: Date | null };

/** A task's 24 h or 1 h reminder; the 1 h one replaces the 24 h one on the device, kept until it is due. */
function taskNote(now: Date, task: TaskRow, kind: TaskReminderKind, key: string, timeZone: string) {
  const dueDate = task.dueDate!;
  return {
    note: {
      kind: "task_due" as const,
      title: clip(`Due ${whenDue(now, dueDate, timeZone)}: ${task.title}`, 120),
      body: kind === "1h" ? "Due within the hour." : "Due within 24 hours.",
      url: `/tasks?task=${task.id}`,
      dedupeKey: key,
    },
    options: {
      tag: `task-${task.id}`,
      urgency: kind === "1h" ? ("high" as const) : ("normal" as const),
      ttlSeconds: Math.max(60, Math.floor((dueDate.getTime() - now.getTime()) / 1000)),
    },
  };
}

function reviewNote(dueCount: number, key: string) {
  return {
    note: {
      kind: "review_due" as const,
      title: `${dueCount} card${dueCount === 1 ? "" : "s"} due`,
      body: "Your daily review is ready.",
      url: "/study/review",
      dedupeKey: key,
    },
    options: { tag: "review", ttlSeconds: 12 * 60 * 60 },
  };
}

function examNote(now: Date, e: Exam, day: string, timeZone: string) {
  return {
    note: {
      kind: "exam_plan" as const,
      title: `Exam plan: ${e.today} card${e.today === 1 ? "" : "s"} today`,
      body: clip(`${e.examTitle} (${e.setTitle}) is ${whenDue(now, new Date(e.examDate), timeZone)}.`, 400),
      url: `/study/review?set=${e.flashcardSetId}`,
      dedupeKey: `exam:${e.flashcardSetId}:${day}`,
    },
    options: { tag: `exam-${e.flashcardSetId}`, ttlSeconds: 12 * 60 * 60 },
  };
}

/**
 * Reminders (issue 23): a tick finds who is due and enqueues a delivery per student; a delivery decides
 * exactly (reminders.rules.ts), stores each reminder in the notification centre and pushes it.
 */
export function createRemindersService(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  events: EventBus;
  settings: Pick<SettingsService, "reminderProfiles">;
  tasks: Pick<TasksService, "openDueBetween">;
  review: Pick<ReviewService, "dueCounts">;
  exams: Pick<ExamService, "upcomingMany">;
  notifications: Pick<NotificationsService, "notifyMany">;
}) {
  const { db, clock, jobs } = deps;

  // A task given a due date within the day is reminded at once, not at the next tick.
  deps.events.on("task.scheduled", async ({ userId, dueDate }) => {
    const left = dueDate.getTime() - clock.now().getTime();
    if (left > 0 && left <= 24 * HOUR_MS) await jobs.enqueue(deliverRemindersJob, { userId });
  });

  /**
   * The due reminders of many students, each stored and pushed once, in a fixed number of statements
   * whatever the number of students: their settings, their open tasks due within a day, the log entries
   * already made, the review counts and exam plans of those with a daily reminder pending (exam plans read
   * per student, only for students with exams), every notification stored in one insert and pushed under
   * the push client's concurrency bound, every log entry in one insert. The rules are reminders.rules.ts.
   * Idempotent as before: a notification's dedupe key is its reminder's key, and the log is written after
   * the notifications, so a rerun after a crash stores and sends nothing twice.
   */
  async function deliverMany(userIds: number[]): Promise<Map<number, DeliverResult>> {
    const ids = [...new Set(userIds)];
    const results = new Map<number, DeliverResult>();
    const now = clock.now();
    const profiles = await deps.settings.reminderProfiles(ids);
    const active: Array<{ userId: number; profile: ReminderProfile }> = [];
    for (const userId of ids) {
      const profile = profiles.get(userId)!;
      if (!profile.enabled) results.set(userId, { notified: 0, skipped: "disabled" });
      else if (isQuiet(now, profile.timeZone, profile))
        results.set(userId, { notified: 0, skipped: "quiet" });
      else active.push({ userId, profile });
    }
    const zoneOf = new Map(active.map((a) => [a.userId, a.profile.timeZone]));

    const candidates: Array<
      Omit<Pending, "notes"> & {
        task?: TaskRow;
        kind?: TaskReminderKind;
        daily?: "review" | "exam";
        day?: string;
      }
    > = [];
    const taskRows = await deps.tasks.openDueBetween(
      active.filter((a) => a.profile.taskDue).map((a) => a.userId),
      now,
      new Date(now.getTime() + 24 * HOUR_MS),
    );
    for (const task of taskRows) {
      const r = taskReminder(now, { id: task.id, dueDate: task.dueDate, completed: false });
      if (r) candidates.push({ userId: task.userId, key: r.key, dueAt: r.dueAt, task, kind: r.kind });
    }
    for (const { userId, profile } of active) {
      const daily =
        profile.dailyReview || profile.examPlan
          ? dailyOccurrence(now, profile.timeZone, profile.reviewTime, profile)
          : null;
      if (!daily) continue;
      if (profile.dailyReview)
        candidates.push({ userId, key: `review:${daily.day}`, dueAt: daily.dueAt, daily: "review" });
      if (profile.examPlan)
        candidates.push({
          userId,
          key: `exam:${daily.day}`,
          dueAt: daily.dueAt,
          daily: "exam",
          day: daily.day,
        });
    }
    const logged = await remindersRepo.loggedMany(db, candidates);
    const todo = candidates.filter((c) => !logged.has(`${c.userId} ${c.key}`));

    const students = (kind: "review" | "exam") => [
      ...new Map(
        todo
          .filter((c) => c.daily === kind)
          .map((c) => [c.userId, { userId: c.userId, timeZone: zoneOf.get(c.userId)! }]),
      ).values(),
    ];
    const reviewStudents = students("review");
    const examStudents = students("exam");
    const dueCounts = reviewStudents.length
      ? await deps.review.dueCounts(reviewStudents)
      : new Map<number, number>();
    const exams = examStudents.length
      ? await deps.exams.upcomingMany(examStudents)
      : new Map<number, Exam[]>();

    const pending: Pending[] = todo.map((c) => {
      const timeZone = zoneOf.get(c.userId)!;
      let notes: Pending["notes"] = [];
      if (c.task) notes = [taskNote(now, c.task, c.kind!, c.key, timeZone)];
      else if (c.daily === "review") {
        const dueCount = dueCounts.get(c.userId) ?? 0;
        if (dueCount > 0) notes = [reviewNote(dueCount, c.key)];
      } else
        notes = (exams.get(c.userId) ?? [])
          .filter((e) => e.today > 0)
          .map((e) => examNote(now, e, c.day!, timeZone));
      return { userId: c.userId, key: c.key, dueAt: c.dueAt, notes };
    });

    const flat = pending.flatMap((p) =>
      p.notes.map((n) => ({ userId: p.userId, note: n.note, options: n.options })),
    );
    const sent = await deps.notifications.notifyMany(flat);
    let at = 0;
    const notified = new Map<number, number>();
    const logRows = pending.map((p) => {
      let firstId: number | null = null;
      for (const _ of p.notes) {
        const { notification } = sent[at++]!;
        if (notification) {
          notified.set(p.userId, (notified.get(p.userId) ?? 0) + 1);
          firstId ??= notification.id;
        }
      }
      return {
        userId: p.userId,
        key: p.key,
        notificationId: firstId,
        dueAt: p.dueAt,
        createdAt: clock.now(),
      };
    });
    await remindersRepo.recordMany(db, logRows);
    for (const { userId } of active) results.set(userId, { notified: notified.get(userId) ?? 0 });
    return results;
  }

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

    /** One student's due reminders, each stored and pushed once (a batch of one). */
    deliver: async (userId: number): Promise<DeliverResult> => (await deliverMany([userId])).get(userId)!,

    deliverMany,
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
