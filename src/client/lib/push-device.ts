import { call, endpointTable } from "./api.ts";

const pushEndpoints = endpointTable(() => import("#shared/notifications/contract.ts"), "pushEndpoints");

/**
 * Ends this browser's push subscription, if it has one: the server forgets the device first (while the
 * session still works), then the browser drops the subscription. Signing out calls it, so the next person
 * on a shared computer is not shown the student's reminders; the push switch's 'off' too. Never throws:
 * signing out must work offline and without a service worker.
 */
export async function forgetPushDevice(): Promise<void> {
  try {
    if (!("serviceWorker" in navigator)) return;
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = await reg?.pushManager?.getSubscription();
    if (!sub) return;
    await call((await pushEndpoints()).unsubscribe, { body: { endpoint: sub.endpoint } }).catch(
      () => undefined,
    );
    await sub.unsubscribe();
  } catch {
    // No push on this device, or the browser refused: nothing of the student's stays subscribed here.
  }
}
