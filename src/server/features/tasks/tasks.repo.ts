import { and, asc, eq } from "drizzle-orm";
import type { Task } from "#shared/tasks.ts";
import type { DbOrTx } from "../../db/client.ts";
import { tasks } from "../../db/schema/index.ts";

// Only the columns the shared Task carries: the list is the hottest read in the app.
const columns = {
  id: tasks.id,
  userId: tasks.userId,
  courseId: tasks.courseId,
  title: tasks.title,
  description: tasks.description,
  dueDate: tasks.dueDate,
  priority: tasks.priority,
  completed: tasks.completed,
  isParsed: tasks.isParsed,
  canvasId: tasks.canvasId,
  htmlUrl: tasks.htmlUrl,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};
type TaskRow = { [K in keyof typeof columns]: (typeof tasks.$inferSelect)[K] };

/** Maps a task row (this list's columns or a whole row) to the shared Task, and nothing more. */
export const toTask = (row: TaskRow): Task => ({
  id: row.id,
  userId: row.userId,
  courseId: row.courseId,
  title: row.title,
  description: row.description,
  completed: row.completed,
  isParsed: row.isParsed,
  canvasId: row.canvasId,
  htmlUrl: row.htmlUrl,
  priority: row.priority as Task["priority"],
  dueDate: row.dueDate?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type TaskValues = Partial<
  Pick<
    typeof tasks.$inferInsert,
    "title" | "description" | "dueDate" | "courseId" | "priority" | "completed" | "completedAt"
  >
>;

export const tasksRepo = {
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
  async find(db: DbOrTx, userId: number, id: number): Promise<Task | undefined> {
    const [row] = await db
      .select(columns)
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.id, id)));
    return row && toTask(row);
  },
  async insert(db: DbOrTx, userId: number, values: TaskValues & { title: string }): Promise<Task> {
    const [row] = await db
      .insert(tasks)
      .values({ ...values, userId })
      .returning(columns);
    return toTask(row!);
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
};
