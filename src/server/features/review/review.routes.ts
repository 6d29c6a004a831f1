import type { FastifyInstance } from "fastify";
import {
  browserEndpoints as b,
  fsrsEndpoints as f,
  preferenceEndpoints as p,
} from "#shared/review/browser-contract.ts";
import { reviewEndpoints as e } from "#shared/review/contract.ts";
import { examEndpoints as x } from "#shared/review/exam-contract.ts";
import { route } from "../../lib/route.ts";

export async function reviewRoutes(app: FastifyInstance) {
  const { review, exams } = app.services;
  route(app, e.queue, ({ user, query }) => review.queue(user.id, query));
  route(app, e.rate, ({ user, params, body }) => review.rate(user.id, params.id, body.rating, body));
  route(app, e.undo, ({ user, body }) => review.undo(user.id, body.reviewId));
  route(app, e.spread, ({ user, body }) => review.spread(user.id, body.days, body.setId));
  route(app, e.session, ({ user, body }) => review.recordSession(user.id, body.duration));
  route(app, e.getSettings, ({ user }) => review.getSettings(user.id));
  route(app, e.saveSettings, ({ user, body }) => review.saveSettings(user.id, body));
  route(app, b.hold, ({ user, params, body }) => review.hold(user.id, params.id, body.action, body.timeZone));
  route(app, b.sets, ({ user }) => review.ownSets(user.id));
  route(app, b.list, ({ user, query }) => review.browse(user.id, query));
  route(app, b.bulk, ({ user, body }) => review.bulk(user.id, body));
  route(app, p.get, ({ user }) => review.getPreferences(user.id));
  route(app, p.save, ({ user, body }) => review.savePreferences(user.id, body));
  route(app, f.status, ({ user }) => review.fsrsStatus(user.id));
  route(app, f.fit, ({ user }) => review.requestFit(user.id));
  route(app, f.reset, ({ user }) => review.resetFsrs(user.id));
  route(app, x.setExam, ({ user, params, body }) => exams.setExam(user.id, params.id, body));
  route(app, x.plan, ({ user, params, query }) => exams.plan(user.id, params.id, query.timeZone));
  route(app, x.candidates, ({ user, query }) => exams.candidates(user.id, query.q));
  route(app, x.exams, ({ user, query }) => exams.upcoming(user.id, query.timeZone));
  route(app, x.setExams, ({ user, params, query }) => exams.listForSet(user.id, params.id, query.timeZone));
  route(app, x.addExam, ({ user, params, body }) => exams.add(user.id, params.id, body));
  route(app, x.editExam, ({ user, params, body }) => exams.edit(user.id, params.id, body));
  route(app, x.deleteExam, ({ user, params }) => exams.remove(user.id, params.id));
}
