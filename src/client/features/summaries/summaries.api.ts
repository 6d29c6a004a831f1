import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { type RecentDocument, type SummaryStyle, summaryEndpoints } from "#shared/summaries.ts";

export const summaryQueries = {
  recent: () =>
    queryOptions({ queryKey: queryKeys.summaries.recent(), queryFn: () => call(summaryEndpoints.recent) }),
};

export const useRecentDocuments = () => useQuery(summaryQueries.recent());

/** What the summarizer sends: pasted text, a PDF, or one of the student's documents. */
export type SummaryInput =
  | { kind: "text"; text: string; type: SummaryStyle }
  | { kind: "pdf"; file: File; type: SummaryStyle }
  | { kind: "document"; document: Pick<RecentDocument, "source" | "id">; type: SummaryStyle };

function summarize(input: SummaryInput) {
  if (input.kind === "text")
    return call(summaryEndpoints.summarize, { body: { text: input.text, type: input.type } });
  if (input.kind === "document") {
    return call(summaryEndpoints.summarizeDocument, {
      body: { source: input.document.source, id: input.document.id, type: input.type },
    });
  }
  const form = new FormData();
  form.set("type", input.type);
  form.set("file", input.file);
  return call(summaryEndpoints.summarizePdf, { form });
}

export const useSummarize = () => useMutation({ mutationFn: summarize });
