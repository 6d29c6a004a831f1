/// <reference lib="webworker" />
// The service worker (issue 23), built by vite-plugin-pwa (injectManifest, vite.config.ts) to /sw.js.
// - The app shell and every hashed asset of this build are precached at install: a repeat visit draws
//   without the network, and every page works offline (each navigation gets the cached index.html).
// - A new build installs beside the running one and waits: the page offers 'Reload to update'
//   (lib/service-worker.ts) and only then is it told to take over, so a page never mixes two builds.
// - Web Push: a message {title, body, url} becomes a notification; clicking it opens (or focuses) url.
// API answers are not cached here: the screens that work offline keep theirs in IndexedDB.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any page of the app (not the API, not a shared link's preview page): the precached shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: [/^\/api\//, /^\/share\//] }),
);

self.addEventListener("install", () => {
  // The first install has nothing to replace: it takes over at once. An update waits for the page.
  if (!self.registration.active) void self.skipWaiting();
});
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

/**
 * The one push message Studyhall sends: the reminders' {title, body, url}, url on this site, and the
 * `tag` under which a newer message replaces an older one (#shared/notifications/contract.ts).
 */
type PushMessage = { title: string; body: string; url: string; tag?: string };

function readPush(data: PushMessageData | null): PushMessage | null {
  try {
    const v = data?.json() as Partial<PushMessage> | undefined;
    if (typeof v?.title !== "string" || typeof v.body !== "string" || typeof v.url !== "string") return null;
    const url = new URL(v.url, self.location.origin);
    // Only this site's pages: a push cannot send the student elsewhere.
    if (url.origin !== self.location.origin) return null;
    return {
      title: v.title.slice(0, 200),
      body: v.body.slice(0, 1000),
      url: url.pathname + url.search + url.hash,
      ...(typeof v.tag === "string" && v.tag ? { tag: v.tag.slice(0, 200) } : {}),
    };
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  const msg = readPush(event.data);
  if (!msg) return;
  event.waitUntil(
    self.registration.showNotification(msg.title, {
      body: msg.body,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: msg.url },
      // The server's tag: the same reminder sent again replaces its notification instead of adding one.
      tag: msg.tag ?? msg.url,
    }),
  );
});

// The push service renewed or ended the subscription: subscribe again with the same key, so this device
// keeps one; the page sends the new endpoint to the server on its next load (push.ts refreshPush).
self.addEventListener("pushsubscriptionchange", (event) => {
  const change = event as ExtendableEvent & { oldSubscription?: PushSubscription | null };
  const key = change.oldSubscription?.options.applicationServerKey;
  if (!key) return;
  change.waitUntil(
    self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: key })
      .catch(() => undefined),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? "/";
  event.waitUntil(
    (async () => {
      const target = new URL(url, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => w.url === target) ?? windows[0];
      if (open) {
        const focused = await open.focus();
        if (open.url === target) return;
        // navigate() rejects for a window this worker does not control (includeUncontrolled found it):
        // the page is then opened, rather than the tap only bringing the old one forward.
        if (await focused.navigate(target).catch(() => null)) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
