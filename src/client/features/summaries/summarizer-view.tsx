import { FileText } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { LoadFailed } from "#client/components/load-failed.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Badge, Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { ApiError, errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { RecentDocument, SummarizeReply, SummaryStyle } from "#shared/summaries/contract.ts";
import { SummaryForm } from "./components/summary-form.tsx";
import { type SummaryInput, useRecentDocuments, useSummarize } from "./summaries.api.ts";

// The summary's card is drawn only once one is asked for: its code is not part of /summarize's first load,
// and starts downloading with the request.
const loadOutput = () => import("./components/summary-output.tsx");
const SummaryOutput = lazy(() =>
  loadOutput().then(
    (m) => ({ default: m.SummaryOutput }),
    () => ({ default: () => <LoadFailed what="The summary" /> }),
  ),
);

/** Extraction failures are the file's fault: SPEC §8 'Error processing file', anything else 'Summarization failed'. */
const FILE_CODES = new Set([
  "pdf_no_text",
  "pdf_protected",
  "file_empty",
  "file_corrupt",
  "file_too_large",
  "file_too_complex",
  "unsupported_file_type",
  "extraction_timeout",
]);

function failed(err: unknown) {
  if (err instanceof ApiError && err.code && FILE_CODES.has(err.code)) {
    toast({
      title: "Error processing file",
      description: err.code === "pdf_no_text" ? "Could not extract text from the PDF." : err.message,
      variant: "destructive",
    });
    return;
  }
  const why = err instanceof ApiError && err.code ? ` ${errorMessage(err)}` : "";
  toast({
    title: "Summarization failed",
    description: `Could not generate summary.${why}`,
    variant: "destructive",
  });
}

function RecentDocumentRow({
  doc: d,
  busy,
  onSummarize,
}: {
  doc: RecentDocument;
  busy: boolean;
  onSummarize: (d: RecentDocument) => void;
}) {
  return (
    <li className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
      <div className="flex min-w-0 items-center gap-2">
        <FileText className="h-4 w-4 shrink-0 text-muted" aria-hidden />
        <div className="min-w-0">
          <p className="wrap-anywhere text-sm font-medium">{d.title}</p>
          <p className="wrap-anywhere text-xs text-muted">
            {d.source === "study" ? `Study set: ${d.place ?? ""}` : "Course material"}
          </p>
        </div>
        <Badge tone="blue">{d.fileType || "text"}</Badge>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy}
        onClick={() => onSummarize(d)}
        aria-label={`Summarize ${d.title}`}
      >
        Summarize
      </Button>
    </li>
  );
}

function RecentDocuments({ busy, onSummarize }: { busy: boolean; onSummarize: (d: RecentDocument) => void }) {
  const recent = useRecentDocuments();
  return (
    <Card className="grid gap-3">
      <CardTitle>
        <h2>Recent documents</h2>
      </CardTitle>
      <QueryView
        query={recent}
        pending={
          <div role="status" aria-label="Loading documents" className="grid gap-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        }
        error="Failed to fetch documents"
        empty={
          <p className="text-sm text-muted">
            Documents you add to a study set or upload as course material show up here, one click from a
            summary.
          </p>
        }
      >
        {(list) => (
          <ul className="grid gap-2">
            {list.map((d) => (
              <RecentDocumentRow key={`${d.source}-${d.id}`} doc={d} busy={busy} onSummarize={onSummarize} />
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}

/**
 * SPEC §2.15 Document Summarization (issue 15): paste text or upload a PDF, pick a style, and copy the
 * summary; the static sample list is the student's real recent documents, each one click from a summary.
 */
export function SummarizerView() {
  const [style, setStyle] = useState<SummaryStyle>("brief");
  const [result, setResult] = useState<(SummarizeReply & { of: string }) | null>(null);
  const summarize = useSummarize();

  function run(input: SummaryInput, of: string) {
    void loadOutput().catch(() => undefined);
    summarize.mutate(input, { onSuccess: (reply) => setResult({ ...reply, of }), onError: failed });
  }

  return (
    <div className="grid min-w-0 gap-4">
      <SummaryForm style={style} onStyleChange={setStyle} busy={summarize.isPending} onRun={run} />

      <Suspense>
        {summarize.isPending && summarize.streamed && <SummaryOutput streamed={summarize.streamed} />}
        {result && !summarize.isPending && <SummaryOutput result={result} style={style} />}
      </Suspense>

      <RecentDocuments
        busy={summarize.isPending}
        onSummarize={(d) => run({ kind: "document", document: d, type: style }, d.title)}
      />
    </div>
  );
}
