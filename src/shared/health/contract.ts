import { z } from "zod";
import { endpoint } from "../http.ts";

export const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });

export const healthEndpoints = {
  get: endpoint({ method: "GET", path: "/api/health", response: healthSchema, public: true }),
};
