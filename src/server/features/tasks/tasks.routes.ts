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
}
