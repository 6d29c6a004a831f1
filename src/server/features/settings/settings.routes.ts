import type { FastifyInstance } from "fastify";
import { settingsEndpoints } from "#shared/settings.ts";
import { route } from "../../lib/route.ts";

export async function settingsRoutes(app: FastifyInstance) {
  const { settings } = app.services;
  route(app, settingsEndpoints.get, async ({ user }) => settings.get(user.id));
  route(app, settingsEndpoints.save, async ({ user, body: { userId: _ignored, ...values } }) =>
    settings.save(user.id, values),
  );
}
