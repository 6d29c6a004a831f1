import { useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Skeleton } from "#client/components/ui/card.tsx";
import { type DraftDocument, useDocumentText } from "../drafts.api.ts";

type Source = Pick<DraftDocument, "source" | "id">;

function PageText({ doc: source, page }: { doc: Source; page: number }) {
  const doc = useDocumentText(source);
  // A failed load shows nothing: the page number stays, and the draft's text is what matters.
  return (
    <QueryView query={doc} pending={<Skeleton className="h-16" />} error={() => null}>
      {(data) => {
        const range = data.pages?.find((p) => p.page === page);
        const text = range ? data.content.slice(range.start, range.end) : data.content;
        return (
          <p className="max-h-48 overflow-y-auto whitespace-pre-wrap wrap-anywhere rounded-md bg-bg p-2 text-xs leading-relaxed">
            {text}
          </p>
        );
      }}
    </QueryView>
  );
}

/** A draft's source: 'Page N', opening that page's text in place so the student can check the fact. */
export function SourcePage({ doc, page }: { doc: Source; page: number }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="grid gap-1">
      <button
        type="button"
        aria-expanded={shown}
        onClick={() => setShown((s) => !s)}
        className="justify-self-start text-xs font-medium text-link underline underline-offset-2"
      >
        Page {page}
      </button>
      {shown && <PageText doc={doc} page={page} />}
    </div>
  );
}
