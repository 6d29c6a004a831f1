import type { FastifyInstance } from "fastify";
import { courseEndpoints } from "#shared/courses/contract.ts";
import { route } from "../../lib/route.ts";

export async function coursesRoutes(app: FastifyInstance) {
  const { courses } = app.services;
  route(app, courseEndpoints.list, async ({ user }) => courses.list(user.id));
  route(app, courseEndpoints.create, async ({ user, body }) => courses.create(user.id, body));
}
