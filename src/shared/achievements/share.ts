import { z } from "zod";
import { endpoint } from "../http.ts";
import { type SharedStats, sharedStatsSchema } from "./contract.ts";

// SPEC §7 'GET /api/share/{shareCode}': the public page's one call. The shapes live with the rest of the
// progress rules (achievements.ts); what a share toggle hides is absent from the answer.

export { shareSettingsSchema } from "./contract.ts";
export const sharedProgressSchema = sharedStatsSchema;
export type SharedProgress = SharedStats;

export const shareEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/share/:shareCode",
    params: z.object({ shareCode: z.string().min(1, "Invalid share code").max(200) }),
    response: sharedProgressSchema,
    public: true,
  }),
};
