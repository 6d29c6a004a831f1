import { forgetPushDevice } from "#client/lib/push-device.ts";
import { fetchPublicKey, sendSubscription } from "./notifications.api.ts";

/**
 * Web Push on this device. The service worker (added by the PWA work, vite-plugin-pwa/Serwist) shows a
 * push as a system notification: its payload is JSON {title, body, url} (plus `tag` and the
 * notification's `id`, #shared/notifications/contract.ts pushPayloadSchema). This module only subscribes
 * through `navigator.serviceWorker.ready`; with no service worker registered, push is simply unavailable
 * and the bell still holds every reminder.
 */
export type PushState =
  | "unsupported" // no Push API in this browser
  | "no-worker" // no service worker registered (yet): nothing can receive a push
  | "denied" // the student (or the browser) blocked notifications for this site
  | "off" // possible, not subscribed
  | "on"; // this device is subscribed

const WORKER_WAIT_MS = 3_000;

export const pushSupported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/** The active service worker's registration, or null when none comes within a few seconds. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const reg = await registration();
  if (!reg) return "no-worker";
  return (await reg.pushManager.getSubscription()) ? "on" : "off";
}

const toBytes = (base64url: string) => {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * Asks permission (call it from the click that turns notifications on: browsers want a user gesture) and
 * subscribes this device with the server's VAPID key. A subscription made for another key is replaced.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  // First, inside the gesture: anything awaited before it may lose the gesture in some browsers.
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  const reg = await registration();
  if (!reg) return "no-worker";
  await subscribeAndSend(reg, await reg.pushManager.getSubscription());
  return "on";
}

/** Subscribes with the server's VAPID key (a subscription made for another is replaced) and sends it. */
async function subscribeAndSend(reg: ServiceWorkerRegistration, current: PushSubscription | null) {
  const key = toBytes(await fetchPublicKey());
  let sub = current;
  const sameKey = (s: PushSubscription) => {
    const given = s.options.applicationServerKey;
    if (!given) return false;
    const bytes = new Uint8Array(given);
    return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
  };
  if (sub && !sameKey(sub)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await sendSubscription(sub.toJSON());
  localStorage.setItem(SENT_KEY, JSON.stringify({ endpoint: sub.endpoint, at: Date.now() }));
}

/** This device's subscription as last sent: its endpoint and when. */
const SENT_KEY = "pushSent";
const RESEND_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Sends this device's subscription again when it has one and permission stands (nothing is asked of the
 * student): at most daily, and at once when the browser renewed it (sw.ts pushsubscriptionchange gives a
 * new endpoint). The server may have dropped the device (it keeps each student's newest ones) or changed
 * its VAPID key: pushes had stopped while the switch still read 'on'.
 */
export async function refreshPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== "granted") return;
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (!reg || !sub) return;
  let sent: { endpoint?: string; at?: number } = {};
  try {
    sent = JSON.parse(localStorage.getItem(SENT_KEY) ?? "{}") as typeof sent;
  } catch {
    // Unreadable: sent again below.
  }
  if (sent.endpoint === sub.endpoint && Date.now() - (sent.at ?? 0) < RESEND_EVERY_MS) return;
  await subscribeAndSend(reg, sub);
}

/** Stops push on this device (the bell keeps working). */
export async function disablePush(): Promise<PushState> {
  await forgetPushDevice();
  return pushState();
}
