import { Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { SummaryText } from "#client/components/summary-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Select } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { StudyDocumentSummary } from "#shared/study/contract.ts";
import type { SummaryStyle } from "#shared/summaries/contract.ts";
import { useRemoveSummary, useStoreSummary } from "../drafts.api.ts";

const STYLES: { value: SummaryStyle; label: string }[] = [
  { value: "brief", label: "Brief" },
  { value: "detailed", label: "Detailed" },
  { value: "bullets", label: "Bullet points" },
];

function useSummarizeDocument(doc: StudyDocumentSummary) {
  const store = useStoreSummary();
  const run = (type: SummaryStyle) =>
    store.mutate(
      { doc, type },
      {
        onSuccess: (stored) => {
          if (stored.note) toast({ title: "Summarized by the built-in engine", description: stored.note });
        },
        onError: (err) =>
          toast({
            title: "Summarization failed",
            description: `Could not generate summary. ${errorMessage(err)}`,
            variant: "destructive",
          }),
      },
    );
  return { run, pending: store.isPending };
}

/**
 * SPEC §2.7 'AI Summary' block (issue 15): the stored summary, regenerated in a chosen style, or deleted;
 * `readOnly` (a group member on a shared set: the summary is the owner's to write) shows it only.
 */
export function DocumentSummaryBlock({
  doc,
  readOnly = false,
}: {
  doc: StudyDocumentSummary;
  readOnly?: boolean;
}) {
  const id = useId();
  const [style, setStyle] = useState<SummaryStyle>("brief");
  const summarize = useSummarizeDocument(doc);
  const remove = useRemoveSummary();
  if (!doc.summary) return null;
  return (
    <div className="grid gap-2 rounded-lg border border-border bg-bg p-3">
      <p className="flex items-center gap-1.5 text-sm font-medium">
        <Sparkles className="h-4 w-4" aria-hidden /> AI Summary
      </p>
      <div className="text-muted">
        <SummaryText text={doc.summary} headingLevel={4} />
      </div>
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-style`} className="sr-only">
            Summary style for {doc.title}
          </label>
          <Select
            id={`${id}-style`}
            value={style}
            onChange={(e) => setStyle(e.target.value as SummaryStyle)}
            className="h-8 w-auto py-1"
          >
            {STYLES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
          <Button
            variant="secondary"
            size="sm"
            disabled={summarize.pending}
            onClick={() => summarize.run(style)}
          >
            {summarize.pending ? "Generating Summary..." : "Regenerate"}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(doc, {
                onError: (err) =>
                  toast({
                    title: "Could not delete the summary",
                    description: errorMessage(err),
                    variant: "destructive",
                  }),
              })
            }
            aria-label={`Delete the summary of ${doc.title}`}
          >
            Delete summary
          </Button>
        </div>
      )}
    </div>
  );
}

/** 'Summarize' for a document without a stored summary (brief, SPEC §9 default). */
export function SummarizeDocumentButton({ doc }: { doc: StudyDocumentSummary }) {
  const summarize = useSummarizeDocument(doc);
  if (doc.summary) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={summarize.pending}
      onClick={() => summarize.run("brief")}
      aria-label={`Summarize ${doc.title}`}
    >
      <Sparkles className="h-4 w-4" aria-hidden />
      {summarize.pending ? "Generating Summary..." : "Summarize"}
    </Button>
  );
}
