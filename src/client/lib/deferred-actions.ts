/**
 * Actions that wait out an undo window (deleting a task: the toast offers Undo for 5 s). The server is
 * only told once the window closes, so Undo needs no restore endpoint and nothing deleted comes back.
 * What is still waiting is sent when the page goes away (`pagehide`, with `keepalive` so the browser
 * delivers it after the page is gone) and before signing out (while the token still works).
 */
type Run = (opts: { keepalive: boolean }) => Promise<void>;

const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; run: Run }>();

export function deferAction(key: string, delayMs: number, run: Run) {
  cancelDeferred(key);
  const timer = setTimeout(() => {
    pending.delete(key);
    void run({ keepalive: false });
  }, delayMs);
  pending.set(key, { timer, run });
}

/** Undo: true when the action had not run yet (and now never will). */
export function cancelDeferred(key: string): boolean {
  const entry = pending.get(key);
  if (!entry) return false;
  clearTimeout(entry.timer);
  pending.delete(key);
  return true;
}

/** Forgets everything still waiting: the session is gone, so the next student inherits nothing. */
export function dropDeferred() {
  for (const e of pending.values()) clearTimeout(e.timer);
  pending.clear();
}

export const isDeferred = (key: string) => pending.has(key);

/** Runs everything still waiting now. */
export async function flushDeferred({ keepalive = false } = {}) {
  const entries = [...pending.values()];
  for (const e of entries) clearTimeout(e.timer);
  pending.clear();
  await Promise.all(entries.map((e) => e.run({ keepalive }).catch(() => undefined)));
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => void flushDeferred({ keepalive: true }));
}
