import { usePageTitle } from "#client/components/page-header.tsx";
import { SummarizerView } from "./summarizer-view.tsx";

/** /summarize: the AI Summarizer on its own route (the Home tool view shows the same screen). */
export function SummarizePage() {
  usePageTitle("AI Summarizer");
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <h1 className="text-2xl font-bold tracking-tight">AI Summarizer</h1>
      <SummarizerView />
    </div>
  );
}
