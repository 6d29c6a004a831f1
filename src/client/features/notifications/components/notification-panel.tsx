import { CalendarClock, CheckCheck, Layers, ListTodo } from "lucide-react";
import { Popover } from "radix-ui";
import type { RefObject } from "react";
import { Link } from "wouter";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import type { Notification, NotificationKind } from "#shared/notifications/contract.ts";
import { useMarkRead, useNotifications } from "../notifications.api.ts";

const KIND_ICON: Record<NotificationKind, typeof ListTodo> = {
  task_due: ListTodo,
  review_due: Layers,
  exam_plan: CalendarClock,
};

const timeAgo = (iso: string, now: number) => {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short" });
};

/**
 * The bell's list (loaded on the first open, so the shell's first load does not carry the popover): the
 * newest reminders, each opening its task, the review or the exam plan and marked read, and 'Mark all
 * read'. Anchored to the bell button, which keeps toggling it.
 */
export function NotificationPanel({
  anchor,
  unread,
  onClose,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  unread: number;
  onClose: () => void;
}) {
  const list = useNotifications(true);
  const mark = useMarkRead();
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          id="notification-panel"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          // The bell toggles the panel itself; focus goes back to it on close.
          onPointerDownOutside={(e) => {
            if (anchor.current?.contains(e.target as Node)) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            anchor.current?.focus();
          }}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-border bg-surface shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 || mark.isPending}
              onClick={() => mark.mutate("all")}
            >
              <CheckCheck className="h-4 w-4" aria-hidden /> Mark all read
            </Button>
          </div>
          <QueryView
            query={{ status: list.status, data: list.data?.notifications, error: list.error }}
            pending={<p className="p-4 text-sm text-muted">Loading…</p>}
            error={() => <p className="p-4 text-sm text-muted">Could not load notifications.</p>}
            empty={
              <p className="p-4 text-sm text-muted">
                No reminders yet. Due tasks, daily reviews and exam plans show up here.
              </p>
            }
          >
            {(items) => (
              <NotificationList
                items={items}
                onOpen={(n) => {
                  if (!n.readAt) mark.mutate(n.id);
                  onClose();
                }}
              />
            )}
          </QueryView>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationList({ items, onOpen }: { items: Notification[]; onOpen: (n: Notification) => void }) {
  const now = Date.now();
  return (
    <ul className="max-h-[60vh] divide-y divide-border overflow-y-auto" aria-label="Reminders">
      {items.map((n) => {
        const Icon = KIND_ICON[n.kind];
        return (
          <li key={n.id}>
            <Link
              href={n.url}
              onClick={() => onOpen(n)}
              className={cn(
                "flex gap-3 px-3 py-2.5 text-sm hover:bg-bg focus-visible:bg-bg",
                !n.readAt && "bg-accent/5",
              )}
            >
              <Icon className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className={cn("break-words", !n.readAt && "font-semibold")}>
                  {n.title}
                  {!n.readAt && <span className="sr-only"> (unread)</span>}
                </span>
                {n.body && <span className="break-words text-muted">{n.body}</span>}
                <span className="text-xs text-muted">{timeAgo(n.createdAt, now)}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
