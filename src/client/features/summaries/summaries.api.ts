import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { call, callStream, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { RecentDocument, SummaryStyle } from "#shared/summaries/contract.ts";

const summaryEndpoints = endpointTable(() => import("#shared/summaries/contract.ts"), "summaryEndpoints");

export const summaryQueries = {
  recent: () =>
    queryOptions({
      queryKey: queryKeys.summaries.recent(),
      queryFn: async () => call((await summaryEndpoints()).recent),
    }),
};

export const useRecentDocuments = () => useQuery(summaryQueries.recent());

/** What the summarizer sends: pasted text, a PDF, or one of the student's documents. */
export type SummaryInput =
  | { kind: "text"; text: string; type: SummaryStyle }
  | { kind: "pdf"; file: File; type: SummaryStyle }
  | { kind: "document"; document: Pick<RecentDocument, "source" | "id">; type: SummaryStyle };

async function summarize(input: SummaryInput, onDelta: (text: string) => void) {
  if (input.kind === "text") {
    return callStream(
      (await summaryEndpoints()).summarizeStream,
      { body: { text: input.text, type: input.type } },
      onDelta,
    );
  }
  if (input.kind === "document") {
    return call((await summaryEndpoints()).summarizeDocument, {
      body: { source: input.document.source, id: input.document.id, type: input.type },
    });
  }
  const form = new FormData();
  form.set("type", input.type);
  form.set("file", input.file);
  return call((await summaryEndpoints()).summarizePdf, { form });
}

/**
 * Pasted text is summarized over the streaming endpoint: `streamed` is the model's summary so far (empty
 * with the built-in engine, which answers at once); the reply replaces it, fallback included.
 */
export function useSummarize() {
  const [streamed, setStreamed] = useState("");
  const mutation = useMutation({
    mutationFn: (input: SummaryInput) => {
      setStreamed("");
      return summarize(input, (text) => setStreamed((s) => s + text));
    },
    onSettled: () => setStreamed(""),
  });
  return { ...mutation, streamed };
}
