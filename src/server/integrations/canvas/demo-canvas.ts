import { type CanvasDataset, demoDataset } from "./demo-data.ts";

/** The demo Canvas lives under this path of Studyhall's own origin, speaking the real Canvas API. */
export const DEMO_CANVAS_PREFIX = "/demo-canvas";
/** Not a secret: the demo is public data; a token is still required so the client code path is the real one. */
export const DEMO_CANVAS_TOKEN = "studyhall-demo-token";

let cached: { day: string; data: CanvasDataset } | null = null;

/** The demo's due dates follow today's date, so the task list looks like a real week; stable within a day. */
export function demoCanvasData(now = new Date()): CanvasDataset {
  const day = now.toISOString().slice(0, 10);
  if (cached?.day !== day) cached = { day, data: demoDataset(new Date(`${day}T00:00:00Z`)) };
  return cached.data;
}
