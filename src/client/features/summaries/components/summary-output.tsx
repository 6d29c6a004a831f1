import { Copy } from "lucide-react";
import { SummaryText } from "#client/components/summary-text.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Card, CardTitle } from "#client/components/ui/card.tsx";
import { toast } from "#client/lib/toast.tsx";
import type { SummarizeReply, SummaryStyle } from "#shared/summaries/contract.ts";
import { STYLE_LABELS } from "./style-labels.ts";

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

/** The summary being written (a model streaming it), or the finished one with its copy button. */
export function SummaryOutput(
  props: { streamed: string } | { result: SummarizeReply & { of: string }; style: SummaryStyle },
) {
  if ("result" in props) return <SummaryResult result={props.result} style={props.style} />;
  return (
    <Card className="grid gap-3" aria-busy="true">
      <CardTitle>
        <h2>Summary</h2>
      </CardTitle>
      <p className="text-xs text-muted">Writing the summary...</p>
      <SummaryText text={props.streamed} />
    </Card>
  );
}
