import { z } from "zod";
import { endpoint } from "../http.ts";

// The connection's status on its own: the shell reads it as every signed-in screen draws, and the rest
// of the Canvas table (sync answers carry whole tasks and courses) would come with it otherwise.

export const canvasStatusSchema = z.object({
  connected: z.boolean(),
  domain: z.string().nullable(),
  demo: z.boolean(),
  lastSyncedAt: z.string().nullable(),
  lastSyncError: z.string().nullable(),
});
export type CanvasStatus = z.infer<typeof canvasStatusSchema>;

export const canvasStatusEndpoints = {
  status: endpoint({ method: "GET", path: "/api/auth/canvas/status", response: canvasStatusSchema }),
};
