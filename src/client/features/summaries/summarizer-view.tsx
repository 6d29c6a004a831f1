import { Copy, FileText, Sparkles } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { SummaryText } from "#client/components/summary-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Badge, Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { Field, Select, Textarea } from "#client/components/ui/form.tsx";
import { ApiError, errorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { toast } from "#client/lib/toast.tsx";
import type { RecentDocument, SummarizeReply, SummaryStyle } from "#shared/summaries/contract.ts";
import { type SummaryInput, useRecentDocuments, useSummarize } from "./summaries.api.ts";

const STYLE_LABELS: Record<SummaryStyle, string> = {
  brief: "Brief",
  detailed: "Detailed",
  bullets: "Bullet points",
};
type Mode = "text" | "pdf";

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

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({
      title: "Copied to clipboard",
      description: "Summary has been copied to clipboard.",
      variant: "success",
    });
  } catch {
    toast({ title: "Copy failed", description: "Could not copy to clipboard.", variant: "destructive" });
  }
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

/** Text or a PDF, the style, and Generate Summary: `onRun` gets the input and what it is a summary of. */
function SummaryForm({
  style,
  onStyleChange,
  busy,
  onRun,
}: {
  style: SummaryStyle;
  onStyleChange: (style: SummaryStyle) => void;
  busy: boolean;
  onRun: (input: SummaryInput, of: string) => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<Mode>("text");
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (mode === "text") {
      // SPEC §5: nothing happens on empty text.
      if (!text.trim()) return;
      onRun({ kind: "text", text, type: style }, "your text");
    } else {
      if (!file) return;
      onRun({ kind: "pdf", file, type: style }, file.name);
    }
  }

  function pickFile(e: ChangeEvent<HTMLInputElement>) {
    const picked = e.target.files?.[0] ?? null;
    if (picked && picked.type !== "application/pdf") {
      toast({ title: "Invalid file type", description: "Please upload a PDF file.", variant: "destructive" });
      e.target.value = "";
      setFile(null);
      return;
    }
    setFile(picked);
  }

  const modeButton = (value: Mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      className={cn(
        "h-9 flex-1 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent",
        mode === value ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg",
      )}
    >
      {label}
    </button>
  );

  return (
    <Card className="grid gap-4">
      <form onSubmit={submit} className="grid gap-4" aria-label="Summarize">
        <fieldset className="flex min-w-0 gap-1 rounded-lg bg-bg p-1">
          <legend className="sr-only">Input</legend>
          {modeButton("text", "Text Input")}
          {modeButton("pdf", "PDF Upload")}
        </fieldset>
        {mode === "text" ? (
          <Field id={`${id}-text`} label="Text to summarize">
            <Textarea
              id={`${id}-text`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Paste lecture notes, an article or a chapter..."
              className="min-h-48"
            />
          </Field>
        ) : (
          <Field id={`${id}-file`} label="PDF file" hint="The text is read from the PDF's text layer.">
            <input
              id={`${id}-file`}
              ref={fileInput}
              type="file"
              accept="application/pdf"
              onChange={pickFile}
              className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5"
            />
          </Field>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-40 flex-1">
            <Field id={`${id}-style`} label="Summary style">
              <Select
                id={`${id}-style`}
                value={style}
                onChange={(e) => onStyleChange(e.target.value as SummaryStyle)}
              >
                {Object.entries(STYLE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Button type="submit" disabled={busy}>
            <Sparkles className="h-4 w-4" aria-hidden />
            {busy ? "Generating Summary..." : "Generate Summary"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SummaryResult({ result, style }: { result: SummarizeReply & { of: string }; style: SummaryStyle }) {
  return (
    <Card className="grid gap-3" aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <h2>Summary</h2>
        </CardTitle>
        <Button variant="secondary" size="sm" onClick={() => copy(result.summary)}>
          <Copy className="h-4 w-4" aria-hidden /> Copy to clipboard
        </Button>
      </div>
      <p className="text-xs text-muted">
        {STYLE_LABELS[style]} summary of {result.of}
        {result.provider === "builtin" ? ", from the built-in engine (sentences quoted from the text)." : "."}
      </p>
      {result.note && <Alert tone="info">{result.note}</Alert>}
      <SummaryText text={result.summary} />
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
    summarize.mutate(input, { onSuccess: (reply) => setResult({ ...reply, of }), onError: failed });
  }

  return (
    <div className="grid min-w-0 gap-4">
      <SummaryForm style={style} onStyleChange={setStyle} busy={summarize.isPending} onRun={run} />

      {summarize.isPending && summarize.streamed && (
        <Card className="grid gap-3" aria-busy="true">
          <CardTitle>
            <h2>Summary</h2>
          </CardTitle>
          <p className="text-xs text-muted">Writing the summary...</p>
          <SummaryText text={summarize.streamed} />
        </Card>
      )}

      {result && !summarize.isPending && <SummaryResult result={result} style={style} />}

      <RecentDocuments
        busy={summarize.isPending}
        onSummarize={(d) => run({ kind: "document", document: d, type: style }, d.title)}
      />
    </div>
  );
}
