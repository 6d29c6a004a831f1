import { useSyncExternalStore } from "react";

/**
 * The service worker's page side (issue 23): registered after the first render, when the page has
 * loaded (the first visit's budgets are the page's alone); then the precache downloads in the background.
 * A new build's worker waits: `useUpdateReady` offers 'Reload to update', and `applyUpdate` tells the
 * waiting worker to take over and reloads once it controls the page, so a page never runs two builds.
 */

let waiting: ServiceWorker | null = null;
/**
 * Another tab's 'Reload to update' activated the new build, whose worker now controls this page too while
 * the page still runs the old build: only a reload brings the two together again.
 */
let replaced = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

function offer(worker: ServiceWorker | null) {
  // Only an update: without a controller this is the first install, which takes over by itself.
  if (!worker || !navigator.serviceWorker.controller) return;
  waiting = worker;
  notify();
}

export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  // The first install's claim changes the controller too, but from none: the page already is that build.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) {
      replaced = true;
      notify();
    }
    controlled = true;
  });
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
  // A tab left open for days still hears of a new build: look when it comes back, and hourly.
  const check = () => void registration.update().catch(() => undefined);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, 60 * 60_000);
}

let reloading = false;
/** 'Reload to update': the waiting build takes over, and the page reloads under it. */
export function applyUpdate() {
  if (replaced) {
    // The new build took over already: its skipWaiting has run, no second controllerchange will come.
    window.location.reload();
    return;
  }
  if (!waiting) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  waiting.postMessage({ type: "SKIP_WAITING" });
}

/** After the first render, once the page has loaded: never in the way of the first screen. */
export function registerAfterLoad() {
  if (!("serviceWorker" in navigator)) return;
  const go = () => setTimeout(() => void registerServiceWorker().catch(console.error), 1000);
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
/** A new version is installed and waiting for the student's 'Reload to update'. */
export const useUpdateReady = () =>
  useSyncExternalStore(
    subscribe,
    () => waiting !== null || replaced,
    () => false,
  );
