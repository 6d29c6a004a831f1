import type { ReactNode } from "react";
import { type QueryState, QueryView } from "#client/components/query-view.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { ApiError } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { DocumentPages, type Highlight, type ViewedDocument } from "./document-pages.tsx";

/**
 * The one document viewer (issue 24): a dialog with the document's pages, the cited passage marked,
 * the owner's actions above and, when given, a panel beside it (the assistant), below it at 360 px.
 */
export function DocumentViewer<T extends ViewedDocument>({
  title,
  query,
  highlight,
  actions,
  aside,
  onClose,
}: {
  title: string;
  query: QueryState<T>;
  highlight?: Highlight | null;
  actions?: (doc: T) => ReactNode;
  aside?: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} wide={Boolean(aside)}>
      <QueryView
        query={query}
        pending={
          <div role="status" aria-label="Loading document" className="grid gap-2">
            <Skeleton className="h-4" />
            <Skeleton className="h-40" />
          </div>
        }
        // 'Deleted' only when the server said it is not there: offline, a student told that uploaded it again.
        error={(err) => (
          <Alert>
            {err instanceof ApiError && err.status === 0
              ? err.message
              : "Could not open this document. It may have been deleted."}
          </Alert>
        )}
      >
        {(doc) => (
          <div className={cn("grid min-w-0 gap-4", aside && "lg:grid-cols-[minmax(0,1fr)_22rem]")}>
            <div className="grid min-w-0 content-start gap-3">
              {actions?.(doc)}
              <DocumentPages doc={doc} highlight={highlight} />
            </div>
            {aside}
          </div>
        )}
      </QueryView>
    </Dialog>
  );
}
