import { useSyncExternalStore } from "react";
import { ApiError, sendStored, sessionUser } from "./api.ts";
import { type OutboxItem, offlineStore } from "./offline-store.ts";
import { queryClient } from "./query-client.ts";
import { queryKeys } from "./query-keys.ts";

/**
 * Changes made offline (issue 23): kept in IndexedDB (offline-store.ts) and sent in the order they were
 * made once the network returns, one at a time. Each carries a client id the server dedupes on, so a
 * change sent twice (the answer was lost, another tab sent it too) is applied once. A change the server
 * refuses (4xx: the card was deleted meanwhile, the rating is too old) leaves the outbox, and the screens
 * refetch; it is kept aside (offline-store.ts, under the student's negated id) until the student has
 * dismissed the shell's notice of it (refused-changes.tsx, loaded only when there is one).
 */

type Snapshot = { online: boolean; pending: number; syncing: boolean; refused?: OutboxItem[] };
let snapshot: Snapshot = {
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  pending: 0,
  syncing: false,
};
const listeners = new Set<() => void>();
function update(patch: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...patch };
  for (const l of listeners) l();
}

/** Is this a failure to reach the server (offline), rather than an answer? */
export const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;

/** Offline now: the browser says so, or the last call could not reach the server. */
export const isOffline = () => !snapshot.online || (typeof navigator !== "undefined" && !navigator.onLine);

const userId = () => sessionUser.get()?.id;

// Every byte here is on each signed-in first load: NaN (no student) matches no stored change.
async function refreshCount() {
  const id = userId() ?? NaN;
  update({ pending: (await offlineStore.pending(id)).length, refused: await offlineStore.pending(-id) });
}

/** Keeps a change for the network; sending starts at once if the browser is online. */
export async function queueChange(item: Omit<OutboxItem, "createdAt">) {
  const id = userId();
  if (id === undefined) throw new ApiError(0, "Sign in again to save changes offline.");
  try {
    await offlineStore.add(id, { ...item, createdAt: new Date().toISOString() });
  } catch (err) {
    // The screens show an error's message: IndexedDB's own ("Encountered full disk while opening backing
    // store") tells a student nothing, and the change was not kept.
    const full = err instanceof DOMException && err.name === "QuotaExceededError";
    throw new ApiError(
      0,
      full
        ? "This device has no room left to keep changes made offline. Free some space, or try again once online."
        : "This browser could not keep the change offline. Try again once online.",
    );
  }
  update({ online: false });
  await refreshCount();
}

/** The student's waiting changes (screens apply them over the last answers they show offline). */
export async function pendingChanges(): Promise<OutboxItem[]> {
  const id = userId();
  return id === undefined ? [] : offlineStore.pending(id);
}

/**
 * Did the server take the change, or refuse it for good? Not when it could not be reached, failed (5xx),
 * found the session gone (401), or said "not now": a request that timed out (408) or came too fast (429,
 * RFC 6585 §4, as a proxy in front of Studyhall may answer a burst of replays) is refused for the moment.
 */
const delivered = (status: number) => status !== 0 && status < 500 && ![401, 408, 429].includes(status);

let flushing: Promise<void> | undefined;

/** Sends the waiting changes in order; stops at the first that cannot reach the server. */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    const id = userId();
    if (id === undefined) return;
    let sent = 0;
    try {
      update({ syncing: true });
      for (const item of await offlineStore.pending(id)) {
        // The token is read as each change leaves: once another student has signed in on this browser,
        // what is left waits for its own student.
        if (userId() !== id) break;
        // A rating goes with the device's clock as it leaves: the server reads the rating's age by this
        // clock, so a phone set hours fast or slow does not lose it (review contract, `sentAt`).
        const body =
          item.kind === "rate" ? { ...(item.body as object), sentAt: new Date().toISOString() } : item.body;
        const status = await sendStored(item.method, item.path, body);
        if (!delivered(status)) {
          update({ online: status !== 0 });
          break;
        }
        update({ online: true });
        // Applied (or applied before: the server answers a replay like the first time), or refused for
        // good: either way it leaves the outbox. A refusal is kept aside for the student to be told of it.
        await offlineStore.remove(item.seq!);
        if (status > 399) await offlineStore.add(-id, item);
        sent++;
        await refreshCount();
      }
    } finally {
      update({ syncing: false });
      await refreshCount();
      flushing = undefined;
    }
    if (sent > 0) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.review.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
      ]);
    }
  })();
  return flushing;
}

/** Marks the server reachable or not from a call's outcome (the browser's onLine is often optimistic). */
export function noteReachable(reachable: boolean) {
  if (snapshot.online !== reachable) update({ online: reachable });
  if (reachable && snapshot.pending > 0) void flushOutbox();
}

let started = false;
/** Watches the network: sends waiting changes when it returns, and every 30 s while some wait. */
export function startOutbox() {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => {
    update({ online: true });
    void flushOutbox();
  });
  window.addEventListener("offline", () => update({ online: false }));
  setInterval(() => {
    if (snapshot.pending > 0 && navigator.onLine) void flushOutbox();
  }, 30_000);
  void refreshCount().then(() => (navigator.onLine ? flushOutbox() : undefined));
}

/** Sign-out: what waits is sent while the token still works, then nothing stays on the device. */
export async function closeOutbox() {
  await flushOutbox().catch(() => undefined);
  await offlineStore.clear().catch(() => undefined);
  update({ pending: 0, refused: [] });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
/** The shell's indicator: offline or not, and how many changes wait. */
export const useOutboxState = () =>
  useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
