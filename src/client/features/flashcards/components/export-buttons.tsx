import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { ExportFormat, FlashcardSet } from "#shared/flashcards/contract.ts";
import { downloadExport } from "../flashcards.api.ts";
import { downloadAnkiPackage } from "../media/media.api.ts";

/**
 * Export as CSV for spreadsheets (cells that would run as formulas start with an apostrophe; importing
 * the file here removes it), as Anki's plain text, exact, or as Quizlet's text (term, tab, definition).
 */
export function ExportButtons({ set }: { set: FlashcardSet }) {
  const [error, setError] = useState<string | null>(null);
  const run = (format: ExportFormat) =>
    downloadExport(set.id, format).catch((err) => setError(errorMessage(err, "Could not export the set.")));
  return (
    <>
      <Button variant="secondary" onClick={() => run("csv")}>
        <Download className="h-4 w-4" aria-hidden /> Export CSV
      </Button>
      <Button variant="secondary" onClick={() => run("anki")}>
        <Download className="h-4 w-4" aria-hidden /> Export for Anki
      </Button>
      <Button variant="secondary" onClick={() => run("quizlet")} aria-describedby="export-quizlet-note">
        <Download className="h-4 w-4" aria-hidden /> Export for Quizlet
      </Button>
      <p id="export-quizlet-note" className="basis-full text-xs text-muted">
        For Quizlet: term and definition only, one card per line. Line breaks become spaces.
      </p>
      <Button
        variant="secondary"
        onClick={() =>
          downloadAnkiPackage(set.id).catch((err) => setError(errorMessage(err, "Could not export the set.")))
        }
      >
        <Download className="h-4 w-4" aria-hidden /> Export .apkg
      </Button>
      {error && <Alert className="basis-full">{error}</Alert>}
    </>
  );
}
