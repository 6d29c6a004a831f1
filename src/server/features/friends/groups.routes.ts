import type { FastifyInstance } from "fastify";
import { groupEndpoints as e } from "#shared/friends/groups.ts";
import { route } from "../../lib/route.ts";
import { usernameLookupLimit } from "./username-lookups.ts";

const ok = { ok: true as const };

export async function groupsRoutes(app: FastifyInstance) {
  const { groups } = app.services;
  route(app, e.list, ({ user }) => groups.list(user.id));
  route(app, e.create, ({ user, body }) => groups.create(user.id, body));
  route(app, e.get, ({ user, params }) => groups.get(user.id, params.id));
  route(app, e.remove, async ({ user, params }) => {
    await groups.remove(user.id, params.id);
    return ok;
  });
  const lookups = usernameLookupLimit(app);
  route(app, e.invite, async ({ user, params, body, req }) => {
    await lookups(req);
    return groups.invite(user.id, params.id, body.username);
  });
  route(app, e.removeMember, async ({ user, params }) => {
    await groups.removeMember(user.id, params.id, params.memberId);
    return ok;
  });
  route(app, e.promote, async ({ user, params }) => {
    await groups.promote(user.id, params.id, params.memberId);
    return ok;
  });
  route(app, e.leave, async ({ user, params, body }) => {
    await groups.leave(user.id, params.id, body.newAdminId);
    return ok;
  });
  route(app, e.shareSet, ({ user, params, body }) => groups.shareSet(user.id, params.id, body.studySetId));
  route(app, e.unshareSet, async ({ user, params }) => {
    await groups.unshareSet(user.id, params.id, params.setId);
    return ok;
  });
}
