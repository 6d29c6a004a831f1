import { localDay, startOfLocalDay } from "#shared/local-day.ts";
import { type CanvasDataset, demoDataset } from "./demo-data.ts";

/** The demo Canvas lives under this path of Studyhall's own origin, speaking the real Canvas API. */
export const DEMO_CANVAS_PREFIX = "/demo-canvas";
/** Not a secret: the demo is public data; a token is still required so the client code path is the real one. */
export const DEMO_CANVAS_TOKEN = "studyhall-demo-token";

/**
 * The demo Canvas as one student sees it: the sync reaches it over HTTP with the shared token, so the
 * student's time zone travels in the address (one path segment, slashes encoded) for due times to be
 * 23:59 where the student is, as a teacher's would be.
 */
export const demoCanvasBase = (timeZone: string) => `${DEMO_CANVAS_PREFIX}/z/${encodeURIComponent(timeZone)}`;

/** Datasets by zone; a few students' zones at once, so the oldest is dropped past this many. */
const CACHE_ZONES = 32;
const cached = new Map<string, { day: string; data: CanvasDataset }>();

/** The demo's due dates follow today's date in `timeZone`, so the task list looks like a real week; stable within that day. */
export function demoCanvasData(timeZone: string, now = new Date()): CanvasDataset {
  const day = localDay(now, timeZone);
  const hit = cached.get(timeZone);
  if (hit?.day === day) return hit.data;
  const data = demoDataset(startOfLocalDay(now, timeZone), timeZone);
  cached.delete(timeZone);
  if (cached.size >= CACHE_ZONES) cached.delete(cached.keys().next().value!);
  cached.set(timeZone, { day, data });
  return data;
}
