import { useEffect, useRef, useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Skeleton } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import type { Citation } from "#shared/chat/contract.ts";
import { useDocumentText } from "./chat.api.ts";

/** Opens a cited document at the cited page with the quoted passage highlighted. */
export function DocumentViewer({ citation, onClose }: { citation: Citation; onClose: () => void }) {
  const source = citation.source ?? "material";
  const doc = useDocumentText(source, citation.id);
  const [page, setPage] = useState(citation.page ?? 1);
  const mark = useRef<HTMLElement>(null);
  const pages = doc.data?.pages?.length
    ? doc.data.pages
    : [{ page: 1, start: 0, end: doc.data?.content.length ?? 0 }];
  const index = Math.max(
    0,
    pages.findIndex((p) => p.page === page),
  );
  const range = pages[index]!;
  const text = doc.data?.content.slice(range.start, range.end) ?? "";
  // The highlight, clipped to the page on screen.
  const from = Math.max(range.start, citation.start ?? -1) - range.start;
  const to = Math.min(range.end, citation.end ?? -1) - range.start;
  const highlighted = citation.start !== undefined && to > from && (citation.page ?? 1) === range.page;

  useEffect(() => {
    if (highlighted) mark.current?.scrollIntoView({ block: "center" });
  }, [highlighted]);

  const label = doc.data?.fileType === "pptx" ? "Slide" : "Page";
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={citation.title}>
      <QueryView
        query={doc}
        pending={<Skeleton className="h-40" />}
        error={() => <Alert>Could not open this document. It may have been deleted.</Alert>}
      >
        {() => (
          <div className="grid min-w-0 gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span aria-live="polite">
                {label} {range.page} of {pages.at(-1)?.page ?? 1}
              </span>
              <span className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index === 0}
                  onClick={() => setPage(pages[index - 1]!.page)}
                >
                  Previous {label.toLowerCase()}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index >= pages.length - 1}
                  onClick={() => setPage(pages[index + 1]!.page)}
                >
                  Next {label.toLowerCase()}
                </Button>
              </span>
            </div>
            <div
              className="max-h-[55vh] overflow-y-auto whitespace-pre-wrap break-words rounded-md border border-border p-3 text-sm"
              data-testid="document-page"
            >
              {highlighted ? (
                <>
                  {text.slice(0, from)}
                  <mark ref={mark} className="rounded bg-yellow-200 text-black">
                    {text.slice(from, to)}
                  </mark>
                  {text.slice(to)}
                </>
              ) : (
                text
              )}
            </div>
          </div>
        )}
      </QueryView>
    </Dialog>
  );
}
