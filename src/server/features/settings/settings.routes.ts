import type { FastifyInstance } from "fastify";
import { DEFAULT_SETTINGS, type Settings, settingsEndpoints } from "#shared/settings.ts";
import { route } from "../../lib/route.ts";
import { settingsRepo } from "./settings.repo.ts";

const toSettings = ({ aiModel, theme, autoSync, notificationsEnabled }: Settings): Settings => ({
  aiModel,
  theme,
  autoSync,
  notificationsEnabled,
});

export async function settingsRoutes(app: FastifyInstance) {
  route(app, settingsEndpoints.get, async ({ user }) => {
    const row = await settingsRepo.find(app.db, user.id);
    return row ? toSettings(row) : DEFAULT_SETTINGS;
  });
  route(app, settingsEndpoints.save, async ({ user, body }) => {
    const { userId: _ignored, ...values } = body;
    return toSettings(await settingsRepo.upsert(app.db, user.id, values));
  });
}
