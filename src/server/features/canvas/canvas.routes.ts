import type { FastifyInstance } from "fastify";
import { canvasEndpoints } from "#shared/canvas/contract.ts";
import { canvasUnreadableEndpoints } from "#shared/canvas/unreadable-contract.ts";
import { route } from "../../lib/route.ts";
import { canvasDemoRoutes } from "./canvas-demo.routes.ts";

export async function canvasRoutes(app: FastifyInstance) {
  const { canvas } = app.services;

  route(app, canvasEndpoints.connect, async ({ user, body }) => canvas.connect(user.id, body));
  route(app, canvasEndpoints.connectDemo, async ({ user }) => canvas.connectDemo(user.id));
  route(app, canvasEndpoints.disconnect, async ({ user, query }) => ({
    ok: true as const,
    ...(await canvas.disconnect(user.id, query.removeTasks)),
  }));
  route(app, canvasEndpoints.status, async ({ user }) => canvas.status(user.id));
  route(app, canvasEndpoints.sync, async ({ user, body }) => canvas.sync(user.id, { auto: body.auto }));
  route(app, canvasUnreadableEndpoints.unreadableCourses, async ({ user }) =>
    canvas.unreadableCourses(user.id),
  );
  route(app, canvasEndpoints.token, async ({ user }) => canvas.domain(user.id));
  // SPEC §7 may send domain and token in the query: accepted, but the stored connection is what is used.
  route(app, canvasEndpoints.courses, async ({ user, query }) =>
    canvas.courses(user.id, { refresh: query.refresh }),
  );
  route(app, canvasEndpoints.completedCourses, async ({ user, query }) =>
    canvas.courses(user.id, { refresh: query.refresh, state: "completed" }),
  );
  route(app, canvasEndpoints.parse, async ({ user, body }) => {
    const data = Array.isArray(body.canvasData) ? body.canvasData : body.canvasData.assignments;
    return { tasks: await canvas.parse(user.id, data, body.courseId ?? null) };
  });

  await app.register(canvasDemoRoutes);
}
