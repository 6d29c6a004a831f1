import { and, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { reminderLog } from "../../db/schema/reminders.ts";
import { DAILY_GRACE_MINUTES } from "./reminders.rules.ts";

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** `x` in [start, end) of a wall-clock range that may span midnight (start = end: empty). */
const inRange = (x: SQL, start: SQL, end: SQL) =>
  sql`(case when ${start} < ${end} then ${x} >= ${start} and ${x} < ${end}
            when ${start} > ${end} then ${x} >= ${start} or ${x} < ${end} else false end)`;
/** (b - a) on a 24-hour clock, as an interval in [0, 24 h). */
const clockDiff = (b: SQL, a: SQL) =>
  sql`(case when ${b} >= ${a} then ${b} - ${a} else ${b} - ${a} + interval '24 hours' end)`;

/**
 * The students with a reminder to handle now, in one statement (the tick's "who is due"): notifications
 * on, not in quiet hours, and a task due within 24 h whose current reminder (by task, due instant and
 * kind) is not logged yet, or their daily review/exam-plan time passed within the grace (extended by
 * quiet hours) with that day not logged yet. Settings absent: the defaults. The same rules as
 * reminders.rules.ts, in wall-clock time of the student's zone; the delivery job decides exactly.
 */
export function dueStudentsQuery(now: Date, limit: number, afterUserId = 0): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const lt = sql.raw("w.lt");
  const rt = sql.raw("w.review_time");
  const qs = sql.raw("w.qs");
  const qe = sql.raw("w.qe");
  const allowed = sql`(case when w.quiet and ${inRange(rt, qs, qe)} then ${clockDiff(qe, rt)}
      else interval '0 minutes' end + interval '${sql.raw(String(DAILY_GRACE_MINUTES))} minutes')`;
  const age = clockDiff(lt, rt);
  const occDay = sql`to_char(w.local_now::date - (case when ${lt} >= ${rt} then 0 else 1 end), 'YYYY-MM-DD')`;
  return sql`
    with w as (
      select u.id as user_id,
        coalesce(st.remind_task_due, true) as task_due,
        coalesce(st.remind_daily_review, true) as daily_review,
        coalesce(st.remind_exam_plan, true) as exam_plan,
        coalesce(st.review_time, '18:00')::time as review_time,
        coalesce(st.quiet_hours, true) as quiet,
        coalesce(st.quiet_start, '22:00')::time as qs,
        coalesce(st.quiet_end, '07:00')::time as qe,
        (${at} at time zone coalesce(st.time_zone, 'UTC')) as local_now,
        (${at} at time zone coalesce(st.time_zone, 'UTC'))::time as lt
      from users u left join user_settings st on st.user_id = u.id
      where coalesce(st.notifications_enabled, true) and u.id > ${afterUserId}
    )
    select w.user_id as "userId" from w
    where not (w.quiet and ${inRange(lt, qs, qe)})
      and (
        (w.task_due and exists (
          select 1 from tasks t
          where t.user_id = w.user_id and not t.completed
            and t.due_date > ${at} and t.due_date <= ${at} + interval '24 hours'
            and not exists (
              select 1 from reminder_log l where l.user_id = w.user_id and l.key = 'task:' || t.id || ':'
                || to_char(t.due_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ':'
                || (case when t.due_date <= ${at} + interval '1 hour' then '1h' else '24h' end))))
        or (w.daily_review and ${age} < ${allowed}
          and not exists (select 1 from reminder_log l where l.user_id = w.user_id and l.key = 'review:' || ${occDay})
          and (exists (select 1 from flashcard_sets fs where fs.user_id = w.user_id)
            or exists (select 1 from card_states cs where cs.user_id = w.user_id)))
        or (w.exam_plan and ${age} < ${allowed}
          and not exists (select 1 from reminder_log l where l.user_id = w.user_id and l.key = 'exam:' || ${occDay})
          and exists (select 1 from flashcard_set_exams x where x.user_id = w.user_id
            and (x.exam_date > ${at} or x.task_id is not null or x.event_id is not null)))
      )
    order by w.user_id
    limit ${limit}`;
}

export const remindersRepo = {
  /** The first `limit` due students by id after `afterUserId` (keyset: the tick reads them in batches). */
  async dueStudents(db: DbOrTx, now: Date, limit: number, afterUserId = 0): Promise<number[]> {
    return rowsOf(await db.execute(dueStudentsQuery(now, limit, afterUserId))).map((r) => Number(r.userId));
  },

  /** Which of these (student, key) pairs the log already holds, as `userId key` strings (one statement). */
  async loggedMany(db: DbOrTx, entries: { userId: number; key: string }[]): Promise<Set<string>> {
    if (entries.length === 0) return new Set();
    const rows = await db
      .select({ userId: reminderLog.userId, key: reminderLog.key })
      .from(reminderLog)
      .where(
        and(
          inArray(reminderLog.userId, [...new Set(entries.map((e) => e.userId))]),
          inArray(reminderLog.key, [...new Set(entries.map((e) => e.key))]),
        ),
      );
    return new Set(rows.map((r) => `${r.userId} ${r.key}`));
  },

  /** Logs handled reminders in one statement; a key already logged keeps its first row. */
  async recordMany(
    db: DbOrTx,
    rows: { userId: number; key: string; notificationId: number | null; dueAt: Date; createdAt: Date }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(reminderLog).values(rows).onConflictDoNothing();
  },

  /** Forgets log rows older than `before` (their due dates and days are long past). */
  async purge(db: DbOrTx, before: Date): Promise<number> {
    const rows = await db
      .delete(reminderLog)
      .where(lt(reminderLog.createdAt, before))
      .returning({ key: reminderLog.key });
    return rows.length;
  },
};
