// zod-free, so a list that shows a document's state does not pull the schemas into its first load.

/** Pages read of all, while a document is read in the background (null until the reader knows). */
export type DocumentProgress = { done: number; total: number } | null;

/** 'Processing… (2 of 40 pages)': what a document being read in the background shows instead of its text. */
export function processingLabel(progress: DocumentProgress): string {
  if (!progress || progress.total <= 0) return "Processing…";
  return `Processing… (${progress.done} of ${progress.total} page${progress.total === 1 ? "" : "s"})`;
}
