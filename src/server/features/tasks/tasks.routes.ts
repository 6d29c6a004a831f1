import type { FastifyInstance } from "fastify";
import { courseEndpoints, taskEndpoints } from "#shared/tasks.ts";
import { route } from "../../lib/route.ts";
import { tasksService } from "./tasks.service.ts";

export async function tasksRoutes(app: FastifyInstance) {
  const tasks = tasksService(app.db);

  route(app, taskEndpoints.list, async ({ user, query }) => tasks.list(user.id, query.courseId));
  route(app, taskEndpoints.create, async ({ user, body }) => tasks.create(user.id, body), { status: 201 });
  route(app, taskEndpoints.update, async ({ user, params, body }) => tasks.update(user.id, params.id, body));
  route(app, taskEndpoints.remove, async ({ user, params }) => {
    await tasks.remove(user.id, params.id);
    return { ok: true as const };
  });

  route(app, courseEndpoints.list, async ({ user }) => tasks.listCourses(user.id));
  route(app, courseEndpoints.create, async ({ user, body }) => tasks.createCourse(user.id, body), {
    status: 201,
  });
}
