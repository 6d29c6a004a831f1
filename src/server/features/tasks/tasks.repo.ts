import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Subtask, Task } from "#shared/tasks/contract.ts";
import type { DbOrTx } from "../../db/client.ts";
import { rawRows } from "../../db/raw.ts";
import { taskSubtasks, tasks } from "../../db/schema/tasks.ts";

/**
 * A task's checklist as a JSON array, in order. The row is named by its table ("tasks"."id"), which an
 * INSERT or UPDATE ... RETURNING can read too, so every statement that answers a Task carries its list.
 */
const subtasksJson = sql<Subtask[]>`coalesce((select json_agg(json_build_object('id', s.id, 'title', s.title,
  'done', s.done) order by s.position, s.id) from task_subtasks s where s.task_id = "tasks"."id"), '[]'::json)`;

// Only the columns the shared Task carries: the list is the hottest read in the app.
const columns = {
  id: tasks.id,
  userId: tasks.userId,
  courseId: tasks.courseId,
  title: tasks.title,
  description: tasks.description,
  notes: tasks.notes,
  dueDate: tasks.dueDate,
  priority: tasks.priority,
  completed: tasks.completed,
  isParsed: tasks.isParsed,
  canvasId: tasks.canvasId,
  htmlUrl: tasks.htmlUrl,
  rrule: tasks.rrule,
  recurrenceTimeZone: tasks.recurrenceTimeZone,
  seriesStart: tasks.seriesStart,
  seriesId: tasks.seriesId,
  subtasks: subtasksJson,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};
type TaskRow = { [K in Exclude<keyof typeof columns, "subtasks">]: (typeof tasks.$inferSelect)[K] } & {
  subtasks: Subtask[];
};

/** Maps a task row (this list's columns or a whole row) to the shared Task, and nothing more. */
export const toTask = (row: TaskRow): Task => ({
  id: row.id,
  userId: row.userId,
  courseId: row.courseId,
  title: row.title,
  description: row.description,
  notes: row.notes,
  completed: row.completed,
  isParsed: row.isParsed,
  canvasId: row.canvasId,
  htmlUrl: row.htmlUrl,
  priority: row.priority as Task["priority"],
  dueDate: row.dueDate?.toISOString() ?? null,
  rrule: row.rrule,
  recurrenceTimeZone: row.recurrenceTimeZone,
  seriesStart: row.seriesStart?.toISOString() ?? null,
  seriesId: row.seriesId,
  subtasks: row.subtasks,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A timestamptz as Date.toISOString() writes it (milliseconds, truncated as JavaScript's Date does). */
const isoUtc = (column: AnyColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** toTask's object, key for key, built by the database. */
const taskJson = sql`json_build_object('id', ${tasks.id}, 'userId', ${tasks.userId}, 'courseId', ${tasks.courseId},
  'title', ${tasks.title}, 'description', ${tasks.description}, 'notes', ${tasks.notes},
  'completed', ${tasks.completed}, 'isParsed', ${tasks.isParsed}, 'canvasId', ${tasks.canvasId},
  'htmlUrl', ${tasks.htmlUrl}, 'priority', ${tasks.priority}, 'dueDate', ${isoUtc(tasks.dueDate)},
  'rrule', ${tasks.rrule}, 'recurrenceTimeZone', ${tasks.recurrenceTimeZone},
  'seriesStart', ${isoUtc(tasks.seriesStart)}, 'seriesId', ${tasks.seriesId}, 'subtasks', ${subtasksJson},
  'createdAt', ${isoUtc(tasks.createdAt)}, 'updatedAt', ${isoUtc(tasks.updatedAt)})`;

export interface TaskNarrowing {
  completed?: boolean;
  dueFrom?: Date;
  dueBefore?: Date;
  courseIds?: number[];
}

export type TaskValues = Partial<
  Pick<
    typeof tasks.$inferInsert,
    | "title"
    | "description"
    | "notes"
    | "dueDate"
    | "courseId"
    | "priority"
    | "completed"
    | "completedAt"
    | "rrule"
    | "recurrenceTimeZone"
    | "seriesStart"
    | "seriesId"
  >
>;

/** The Canvas fields of an imported task. `completed` is used on insert only: it is the student's. */
export interface ImportedTaskValues {
  canvasId: string;
  courseId: number | null;
  title: string;
  description: string;
  dueDate: Date | null;
  htmlUrl: string | null;
  /** Submitted (or excused) in Canvas: a new task arrives completed, a known one is completed once. */
  completed: boolean;
}

/** An imported task as a sync compares it with Canvas. */
export type ImportedTask = Pick<
  typeof tasks.$inferSelect,
  | "id"
  | "canvasId"
  | "courseId"
  | "title"
  | "description"
  | "dueDate"
  | "htmlUrl"
  | "isParsed"
  | "canvasSubmitted"
>;

const imported = (userId: number) => and(eq(tasks.userId, userId), isNotNull(tasks.canvasId));

/** listJsonVersioned's statement text, without and with the course filter ($1 user, $2 course). */
const listJsonVersionedSql: [string?, string?] = [];

export const tasksRepo = {
  /** The open tasks of these students due in (from, to] (one statement), each with its student: reminders. */
  openDueBetween: (db: DbOrTx, userIds: number[], from: Date, to: Date) =>
    userIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ userId: tasks.userId, id: tasks.id, title: tasks.title, dueDate: tasks.dueDate })
          .from(tasks)
          .where(
            and(
              inArray(tasks.userId, userIds),
              eq(tasks.completed, false),
              gt(tasks.dueDate, from),
              lte(tasks.dueDate, to),
            ),
          )
          .orderBy(tasks.userId, tasks.id),

  /** The list query, exported so the benchmark's reference endpoint can run the very same SQL. */
  listQuery(db: DbOrTx, userId: number, courseId?: number) {
    const owner = eq(tasks.userId, userId);
    return db
      .select(columns)
      .from(tasks)
      .where(courseId === undefined ? owner : and(owner, eq(tasks.courseId, courseId)))
      .orderBy(asc(tasks.id));
  },
  async list(db: DbOrTx, userId: number, courseId?: number): Promise<Task[]> {
    return (await tasksRepo.listQuery(db, userId, courseId)).map(toTask);
  },
  /**
   * The list endpoint's statement: the same tasks as listQuery, as one JSON array text built by the
   * database. Parsing hundreds of rows into objects and writing them out again was most of the server's
   * CPU per list request (the soak's hottest path); the database writes JSON in C, off this thread on
   * PostgreSQL.
   */
  listJsonQuery(db: DbOrTx, userId: number, courseId?: number) {
    const owner = eq(tasks.userId, userId);
    return db
      .select({
        json: sql<string>`coalesce(json_agg(${taskJson} order by ${tasks.id})::text, '[]')`.as("json"),
      })
      .from(tasks)
      .where(courseId === undefined ? owner : and(owner, eq(tasks.courseId, courseId)));
  },
  /**
   * The list endpoint's one statement: the student's list count (task_list_versions) and, unless it is
   * still `knownVersion`, the list as listJsonQuery writes it, read in one snapshot so a list is never
   * kept under a count it does not match. The count costs an index lookup; the list's JSON about 40 µs a
   * task on PGlite, which a student reading the list on every page paid again and again.
   */
  async listJsonVersioned(
    db: DbOrTx,
    userId: number,
    courseId: number | undefined,
    knownVersion: number,
  ): Promise<{ version: number; json: string | null }> {
    const byCourse = courseId !== undefined;
    const [row] = await rawRows<{ version: string | number; json: string | null }>(
      db,
      tasksRepo.listJsonVersionedSql(db, byCourse),
      byCourse ? [userId, courseId, knownVersion] : [userId, knownVersion],
    );
    return { version: Number(row!.version), json: row!.json };
  },
  /**
   * listJsonVersioned's statement text ($1 the student, then the course when filtered, then the count the
   * caller holds), exported so the benchmark's reference endpoint can run the very same SQL.
   */
  listJsonVersionedSql(db: DbOrTx, byCourse: boolean): string {
    let text = listJsonVersionedSql[byCourse ? 1 : 0];
    if (!text) {
      // Built once per shape: Drizzle turning the query tree into text cost more than the lookup itself.
      const list = tasksRepo.listJsonQuery(db, 0, byCourse ? 0 : undefined).toSQL();
      text = `select v.version, case when v.version = $${list.params.length + 1}::bigint then null else (${list.sql}) end as json
        from (select coalesce((select version from task_list_versions where user_id = $1), 0) as version) v`;
      listJsonVersionedSql[byCourse ? 1 : 0] = text;
    }
    return text;
  },
  /** The student's tasks narrowed by completion, a due range [from, before) and courses, in id order. */
  async matching(db: DbOrTx, userId: number, narrow: TaskNarrowing): Promise<Task[]> {
    const rows = await db
      .select(columns)
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, userId),
          narrow.completed === undefined ? undefined : eq(tasks.completed, narrow.completed),
          narrow.dueFrom ? gte(tasks.dueDate, narrow.dueFrom) : undefined,
          narrow.dueBefore ? lt(tasks.dueDate, narrow.dueBefore) : undefined,
          narrow.courseIds ? inArray(tasks.courseId, narrow.courseIds) : undefined,
        ),
      )
      .orderBy(asc(tasks.id));
    return rows.map(toTask);
  },
  async find(db: DbOrTx, userId: number, id: number): Promise<Task | undefined> {
    const [row] = await db
      .select(columns)
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.id, id)));
    return row && toTask(row);
  },
  async insert(
    db: DbOrTx,
    userId: number,
    values: TaskValues & { title: string; id?: number },
  ): Promise<Task> {
    const [row] = await db
      .insert(tasks)
      .values({ ...values, userId })
      .returning(columns);
    return toTask(row!);
  },
  /** Inserts unless the student already has a task with this client id (then undefined). */
  async insertOnce(
    db: DbOrTx,
    userId: number,
    values: TaskValues & { title: string; clientId: string; id?: number },
  ): Promise<Task | undefined> {
    const [row] = await db
      .insert(tasks)
      .values({ ...values, userId })
      .onConflictDoNothing({ target: [tasks.userId, tasks.clientId] })
      .returning(columns);
    return row && toTask(row);
  },
  async findByClientId(db: DbOrTx, userId: number, clientId: string): Promise<Task | undefined> {
    const [row] = await db
      .select(columns)
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.clientId, clientId)));
    return row && toTask(row);
  },
  /** A new id before the insert, so a series' first task can name itself as the series. */
  async nextId(db: DbOrTx): Promise<number> {
    const result = await db.execute(sql`select nextval(pg_get_serial_sequence('tasks', 'id'))::int as id`);
    return Number((result as unknown as { rows: { id: number }[] }).rows[0]!.id);
  },
  /** Inserts an occurrence unless its series has one at that date already (completing twice): undefined then. */
  async insertOccurrence(db: DbOrTx, userId: number, values: TaskValues & { title: string }) {
    const [row] = await db
      .insert(tasks)
      .values({ ...values, userId })
      .onConflictDoNothing({
        target: [tasks.seriesId, tasks.dueDate],
        where: sql`${tasks.seriesId} is not null`,
      })
      .returning(columns);
    return row && toTask(row);
  },
  /** The series' tasks due at or after `from` (the open ones a "this and future" edit reaches). */
  async seriesFrom(db: DbOrTx, userId: number, seriesId: number, from: Date): Promise<Task[]> {
    const rows = await db
      .select(columns)
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.seriesId, seriesId), gte(tasks.dueDate, from)))
      .orderBy(asc(tasks.dueDate));
    return rows.map(toTask);
  },
  async updateSeriesFrom(db: DbOrTx, userId: number, seriesId: number, from: Date, values: TaskValues) {
    await db
      .update(tasks)
      .set(values)
      .where(and(eq(tasks.userId, userId), eq(tasks.seriesId, seriesId), gte(tasks.dueDate, from)));
  },
  async updateSeriesBefore(db: DbOrTx, userId: number, seriesId: number, before: Date, values: TaskValues) {
    await db
      .update(tasks)
      .set(values)
      .where(and(eq(tasks.userId, userId), eq(tasks.seriesId, seriesId), lt(tasks.dueDate, before)));
  },
  /** Whether the series has a task after `after`: the next occurrence exists already. */
  async seriesHasAfter(db: DbOrTx, userId: number, seriesId: number, after: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.seriesId, seriesId), gt(tasks.dueDate, after)))
      .limit(1);
    return row !== undefined;
  },
  /**
   * Deletes the series' occurrence due at `due` if it is still exactly as completing `from` made it (see
   * task-series.ts removeNext); otherwise it stays, which no caller needs to know.
   */
  async removeUntouchedOccurrence(
    db: DbOrTx,
    userId: number,
    seriesId: number,
    due: Date,
    fromTaskId: number,
  ): Promise<void> {
    await db.execute(
      sql`delete from tasks n
        where n.user_id = ${userId} and n.series_id = ${seriesId} and n.due_date = ${due.toISOString()}
          and not n.completed and n.updated_at = n.created_at
          and not exists (select 1 from task_subtasks s where s.task_id = n.id and s.done)
          and array(select title from task_subtasks where task_id = n.id order by position, id)
            = array(select title from task_subtasks where task_id = ${fromTaskId} order by position, id)
          and not exists (select 1 from study_sessions f where f.task_id = n.id)
          and not exists (select 1 from flashcard_set_exams e where e.task_id = n.id)`,
    );
  },
  async update(db: DbOrTx, userId: number, id: number, values: TaskValues): Promise<Task | undefined> {
    const [row] = await db
      .update(tasks)
      .set(values)
      .where(and(eq(tasks.userId, userId), eq(tasks.id, id)))
      .returning(columns);
    return row && toTask(row);
  },
  async remove(db: DbOrTx, userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.id, id)))
      .returning({ id: tasks.id });
    return rows.length > 0;
  },

  /** Deletes the student's tasks among `ids`; answers how many went. */
  async removeMany(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
    const rows = await db
      .delete(tasks)
      .where(and(eq(tasks.userId, userId), inArray(tasks.id, ids)))
      .returning({ id: tasks.id });
    return rows.length;
  },
  /** The student's tasks among `ids` (fewer than asked: some are not theirs). */
  async findMany(db: DbOrTx, userId: number, ids: number[]): Promise<Task[]> {
    const rows = await db
      .select(columns)
      .from(tasks)
      .where(and(eq(tasks.userId, userId), inArray(tasks.id, ids)))
      .orderBy(asc(tasks.id));
    return rows.map(toTask);
  },
  async updateMany(db: DbOrTx, userId: number, ids: number[], values: TaskValues): Promise<Task[]> {
    // A task already done keeps the time it was done (streaks and stats count that day), as a single tick does.
    const { completedAt } = values;
    const set =
      values.completed && completedAt
        ? {
            ...values,
            completedAt: sql`coalesce(${tasks.completedAt}, ${completedAt.toISOString()}::timestamptz)`,
          }
        : values;
    const rows = await db
      .update(tasks)
      .set(set)
      .where(and(eq(tasks.userId, userId), inArray(tasks.id, ids)))
      .returning(columns);
    return rows.map(toTask).sort((a, b) => a.id - b.id);
  },

  /** Appends an item to a task's checklist (the task is the student's: checked by the caller). */
  async addSubtask(db: DbOrTx, userId: number, taskId: number, title: string) {
    await db.execute(sql`
      insert into task_subtasks (task_id, user_id, title, position)
      select ${taskId}, ${userId}, ${title}, coalesce(max(position) + 1, 0)
      from task_subtasks where task_id = ${taskId}`);
  },
  async countSubtasks(db: DbOrTx, taskId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(taskSubtasks)
      .where(eq(taskSubtasks.taskId, taskId));
    return row?.n ?? 0;
  },
  async updateSubtask(
    db: DbOrTx,
    userId: number,
    taskId: number,
    id: number,
    values: { title?: string; done?: boolean },
  ): Promise<boolean> {
    const rows = await db
      .update(taskSubtasks)
      .set(values)
      .where(and(eq(taskSubtasks.userId, userId), eq(taskSubtasks.taskId, taskId), eq(taskSubtasks.id, id)))
      .returning({ id: taskSubtasks.id });
    return rows.length > 0;
  },
  async removeSubtask(db: DbOrTx, userId: number, taskId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(taskSubtasks)
      .where(and(eq(taskSubtasks.userId, userId), eq(taskSubtasks.taskId, taskId), eq(taskSubtasks.id, id)))
      .returning({ id: taskSubtasks.id });
    return rows.length > 0;
  },
  /** Positions from the order of `ids`, which the caller has checked are exactly the task's items. */
  async reorderSubtasks(db: DbOrTx, taskId: number, ids: number[]) {
    if (!ids.length) return;
    const order = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await db.execute(sql`
      update task_subtasks set position = array_position(array[${order}]::int[], id) - 1
      where task_id = ${taskId}`);
  },
  /** A series' next occurrence gets the checklist of the one completed, every item unticked. */
  async copySubtasks(db: DbOrTx, userId: number, fromTaskId: number, toTaskId: number) {
    await db.execute(sql`
      insert into task_subtasks (task_id, user_id, title, done, position)
      select ${toTaskId}, ${userId}, title, false, position
      from task_subtasks where task_id = ${fromTaskId} and user_id = ${userId}`);
  },

  async loadImported(db: DbOrTx, userId: number): Promise<ImportedTask[]> {
    return db
      .select({
        id: tasks.id,
        canvasId: tasks.canvasId,
        courseId: tasks.courseId,
        title: tasks.title,
        description: tasks.description,
        dueDate: tasks.dueDate,
        htmlUrl: tasks.htmlUrl,
        isParsed: tasks.isParsed,
        canvasSubmitted: tasks.canvasSubmitted,
      })
      .from(tasks)
      .where(imported(userId));
  },

  /**
   * Upserts imported tasks by (user, canvasId). Only Canvas's fields are set on conflict: the student's
   * completed flag and priority are never overwritten by a sync. The rows travel as one JSON parameter
   * (json_to_recordset) rather than ~1,300 bind parameters per 100 rows: 2-3x faster on PGlite, same SQL
   * on PostgreSQL. The owner comes from the server, never from the JSON.
   */
  async upsertImported(db: DbOrTx, userId: number, values: ImportedTaskValues[]) {
    if (!values.length) return;
    const rows = JSON.stringify(
      values.map((v) => ({
        course_id: v.courseId,
        title: v.title,
        description: v.description,
        due_date: v.dueDate?.toISOString() ?? null,
        html_url: v.htmlUrl,
        canvas_id: v.canvasId,
        completed: v.completed,
      })),
    );
    // A submission Canvas shows for the first time (it did not at the last sync, or that is not known)
    // completes an open task; a task the student reopened after that stays open, as their other marks do.
    const newlySubmitted = sql.raw(
      "excluded.canvas_submitted and tasks.canvas_submitted is distinct from true and not tasks.completed",
    );
    await db.execute(sql`
      insert into tasks (user_id, course_id, title, description, due_date, html_url, canvas_id, is_parsed,
                         priority, completed, completed_at, canvas_submitted)
      select ${userId}, x.course_id, x.title, x.description, x.due_date, x.html_url, x.canvas_id, true,
             'medium', x.completed, case when x.completed then now() end, x.completed
      from json_to_recordset(${rows}::json) as x(course_id integer, title text, description text,
           due_date timestamptz, html_url text, canvas_id text, completed boolean)
      on conflict (user_id, canvas_id) do update set
        course_id = excluded.course_id, title = excluded.title, description = excluded.description,
        due_date = excluded.due_date, html_url = excluded.html_url, is_parsed = true, updated_at = now(),
        completed = case when ${newlySubmitted} then true else tasks.completed end,
        completed_at = case when ${newlySubmitted} then now() else tasks.completed_at end,
        canvas_submitted = excluded.canvas_submitted`);
  },

  /**
   * Imported tasks whose assignment left Canvas. One the student added to (notes, a checklist, focus time)
   * is theirs now: it stays as their own task (not parsed, no Canvas link; canvasId kept so the assignment
   * coming back re-links it). The others are deleted. Answers how many were deleted.
   */
  async retireImported(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    // Focus time is the study feature's table, read by name as the achievements feature reads it.
    const studentData = sql`(${tasks.notes} <> ''
      or exists (select 1 from ${taskSubtasks} where ${taskSubtasks.taskId} = ${tasks.id})
      or exists (select 1 from study_sessions where task_id = ${tasks.id}))`;
    const ours = and(imported(userId), inArray(tasks.id, ids));
    const gone = await db
      .delete(tasks)
      .where(and(ours, sql`not ${studentData}`))
      .returning({ id: tasks.id });
    await db
      .update(tasks)
      .set({ isParsed: false, htmlUrl: null, updatedAt: new Date() })
      .where(and(ours, eq(tasks.isParsed, true)));
    return gone.length;
  },

  /**
   * The imported tasks of courses Canvas stopped listing: a sync no longer updates them, so they are the
   * student's to edit (not parsed; canvasId and link kept, so the course coming back re-links them).
   */
  async keepImportedOfCourses(db: DbOrTx, userId: number, courseIds: number[]): Promise<void> {
    if (!courseIds.length) return;
    await db
      .update(tasks)
      .set({ isParsed: false, updatedAt: new Date() })
      .where(and(imported(userId), inArray(tasks.courseId, courseIds), eq(tasks.isParsed, true)));
  },

  async deleteAllImported(db: DbOrTx, userId: number): Promise<number> {
    return (await db.delete(tasks).where(imported(userId)).returning({ id: tasks.id })).length;
  },

  async countImported(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(imported(userId));
    return row?.n ?? 0;
  },

  async byCanvasIds(db: DbOrTx, userId: number, canvasIds: string[]): Promise<Task[]> {
    if (!canvasIds.length) return [];
    const rows = await db
      .select(columns)
      .from(tasks)
      .where(and(eq(tasks.userId, userId), inArray(tasks.canvasId, canvasIds)))
      .orderBy(asc(tasks.dueDate), desc(tasks.id));
    return rows.map(toTask);
  },
};
