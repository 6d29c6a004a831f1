import type { FastifyInstance } from "fastify";
import { healthEndpoints } from "#shared/health/contract.ts";
import { route } from "../../lib/route.ts";

export async function healthRoutes(app: FastifyInstance) {
  const { health } = app.services;
  route(app, healthEndpoints.get, async () => health.status());
}
