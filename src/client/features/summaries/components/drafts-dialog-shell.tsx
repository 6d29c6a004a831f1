import { type ReactNode, useEffect, useRef } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";

/**
 * The frame both draft dialogs (issue 15 'Make flashcards', 'Make a quiz') share: opening fetches the
 * drafts, and while they come the dialog shows skeletons, then the request's error, the empty text,
 * or the drafts under the engine's note.
 */
export function DraftsDialogShell({
  open,
  onOpenChange,
  defaultOpen,
  title,
  description,
  trigger,
  request,
  busyLabel,
  skeletonClassName,
  errorFallback,
  empty,
  emptyText,
  note,
  children,
}: {
  open: boolean;
  /** Called with true on every opening: the dialog resets and asks for drafts there. */
  onOpenChange: (next: boolean) => void;
  /** Opened by DeferredDialog on its first click: fetch the drafts as an opening would. */
  defaultOpen: boolean;
  title: string;
  description: string;
  trigger: ReactNode;
  request: { isPending: boolean; isError: boolean; error: unknown };
  busyLabel: string;
  skeletonClassName: string;
  errorFallback: string;
  empty: boolean;
  emptyText: string;
  note: string | null | undefined;
  children: ReactNode;
}) {
  const opened = useRef(false);
  useEffect(() => {
    if (defaultOpen && !opened.current) {
      opened.current = true;
      onOpenChange(true);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} trigger={trigger}>
      <QueryView
        query={{
          status: request.isPending ? "pending" : request.isError ? "error" : "success",
          data: undefined,
          error: request.error,
        }}
        pending={
          <div role="status" aria-label={busyLabel} className="grid gap-2">
            <Skeleton className={skeletonClassName} />
            <Skeleton className={skeletonClassName} />
          </div>
        }
        error={errorFallback}
        empty={<p className="text-sm text-muted">{emptyText}</p>}
        isEmpty={() => empty}
      >
        {() => (
          <div className="grid gap-4">
            {note && <Alert tone="info">{note}</Alert>}
            {children}
          </div>
        )}
      </QueryView>
    </Dialog>
  );
}
