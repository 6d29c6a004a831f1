import type { FastifyInstance } from "fastify";
import {
  reminderSettingsEndpoints,
  settingsEndpoints,
  timeZoneEndpoints,
} from "#shared/settings/contract.ts";
import { route } from "../../lib/route.ts";

export async function settingsRoutes(app: FastifyInstance) {
  const { settings } = app.services;
  route(app, settingsEndpoints.get, async ({ user }) => settings.get(user.id));
  route(app, settingsEndpoints.save, async ({ user, body: { userId: _ignored, ...values } }) =>
    settings.save(user.id, values),
  );
  route(app, timeZoneEndpoints.save, async ({ user, body }) => {
    await settings.saveTimeZone(user.id, body.timeZone);
    return { timeZone: body.timeZone };
  });
  route(app, reminderSettingsEndpoints.get, async ({ user }) => settings.getReminders(user.id));
  route(app, reminderSettingsEndpoints.save, async ({ user, body }) => settings.saveReminders(user.id, body));
}
