import type { FastifyInstance } from "fastify";
import { studyModeEndpoints as e } from "#shared/flashcards/study-modes.ts";
import { route } from "../../lib/route.ts";

export async function studyModesRoutes(app: FastifyInstance) {
  const { studyModes } = app.services;
  route(app, e.getSession, ({ user, params }) => studyModes.getSession(user.id, params.id, params.mode));
  route(app, e.saveSession, ({ user, params, body }) =>
    studyModes.saveSession(user.id, params.id, params.mode, body.state, body.version),
  );
  route(app, e.stars, ({ user, params }) => studyModes.stars(user.id, params.id));
  route(app, e.setStar, ({ user, params, body }) => studyModes.setStar(user.id, params.id, body.starred));
}
