import type { FastifyInstance } from "fastify";
import { courseEndpoints } from "#shared/courses/contract.ts";
import { gradeEndpoints } from "#shared/courses/grades-contract.ts";
import { route } from "../../lib/route.ts";

export async function coursesRoutes(app: FastifyInstance) {
  const { courses } = app.services;
  route(app, courseEndpoints.list, async ({ user }) => courses.list(user.id));
  route(app, courseEndpoints.create, async ({ user, body }) => courses.create(user.id, body));
  route(app, gradeEndpoints.grades, async ({ user, params }) => courses.grades(user.id, params.id));
  route(app, gradeEndpoints.saveWhatIf, async ({ user, params, body }) =>
    courses.saveWhatIf(user.id, params.id, body.scores),
  );
  route(app, gradeEndpoints.gpa, async ({ user }) => courses.gpa(user.id));
  route(app, gradeEndpoints.saveGpaEdit, async ({ user, params, body }) =>
    courses.saveGpaEdit(user.id, params.courseId, body),
  );
  route(app, gradeEndpoints.saveTargetGpa, async ({ user, body }) =>
    courses.saveTargetGpa(user.id, body.targetGpa),
  );
  route(app, gradeEndpoints.revertGpa, async ({ user }) => courses.revertGpa(user.id));
}
