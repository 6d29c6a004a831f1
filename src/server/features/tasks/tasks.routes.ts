import type { FastifyInstance } from "fastify";
import { taskEndpoints } from "#shared/tasks/contract.ts";
import { route } from "../../lib/route.ts";

export async function tasksRoutes(app: FastifyInstance) {
  const { tasks } = app.services;
  route(app, taskEndpoints.list, async ({ user, query }) => tasks.listJson(user.id, query.courseId));
  route(app, taskEndpoints.create, async ({ user, body }) => tasks.create(user.id, body));
  route(app, taskEndpoints.update, async ({ user, params, body }) => tasks.update(user.id, params.id, body));
  route(app, taskEndpoints.remove, async ({ user, params }) => {
    await tasks.remove(user.id, params.id);
    return { ok: true as const };
  });
  route(app, taskEndpoints.bulkUpdate, async ({ user, body }) => tasks.bulkUpdate(user.id, body));
  route(app, taskEndpoints.bulkRemove, async ({ user, body }) => ({
    deleted: await tasks.bulkRemove(user.id, body.ids),
  }));
  route(app, taskEndpoints.addSubtask, async ({ user, params, body }) =>
    tasks.addSubtask(user.id, params.id, body.title),
  );
  route(app, taskEndpoints.updateSubtask, async ({ user, params, body }) =>
    tasks.updateSubtask(user.id, params.id, params.subtaskId, body),
  );
  route(app, taskEndpoints.removeSubtask, async ({ user, params }) =>
    tasks.removeSubtask(user.id, params.id, params.subtaskId),
  );
  route(app, taskEndpoints.reorderSubtasks, async ({ user, params, body }) =>
    tasks.reorderSubtasks(user.id, params.id, body.ids),
  );
}
