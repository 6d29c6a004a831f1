import type { FastifyInstance } from "fastify";
import { healthEndpoints } from "#shared/health.ts";
import { route } from "../../lib/route.ts";

export async function healthRoutes(app: FastifyInstance) {
  route(app, healthEndpoints.get, async () => ({ status: "ok" as const, database: app.dbKind }));
}
