import { Bell } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { afterFirstScreen } from "#client/lib/first-screen.ts";
import { useUnreadCount } from "../notifications.api.ts";

const loadPanel = () => import("./notification-panel.tsx");
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));

/**
 * The notification centre in the shell: a bell with the unread count; it opens the list (its code loads on
 * first use). Works without push: a student who denied notifications still finds every reminder here.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const unread = useUnreadCount().data?.unread ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  useEffect(() => {
    // This device's push subscription, sent again when the server or the browser may have lost it: after
    // the first screen, and its code only on a device that has one (most load no byte of it).
    void afterFirstScreen()
      .then(async () => {
        if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
        const reg = await navigator.serviceWorker?.getRegistration();
        if (!(await reg?.pushManager?.getSubscription())) return;
        await (await import("../push.ts")).refreshPush();
      })
      .catch(() => undefined);
  }, []);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? "notification-panel" : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((o) => !o)}
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 && (
          <span
            data-testid="unread-count"
            aria-hidden
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel anchor={button} unread={unread} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
