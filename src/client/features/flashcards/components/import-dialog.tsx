import { Download, Upload } from "lucide-react";
import { type ChangeEvent, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Select, Textarea } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { FlashcardSet, ImportOptions, ImportPreview } from "#shared/flashcards/contract.ts";
import { downloadExport, previewImport, useImportCards } from "../flashcards.api.ts";

type Format = ImportOptions["format"];
type TermSep = "tab" | "comma" | "dash" | "custom";
type RowSep = "newline" | "semicolon" | "custom";
const PREVIEW_SHOWN = 50;

/** Quizlet-style import: paste or upload, choose separators, preview what parses, then import it all. */
export function ImportDialog({ set }: { set: FlashcardSet }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [format, setFormat] = useState<Format>("text");
  const [term, setTerm] = useState<TermSep>("tab");
  const [termCustom, setTermCustom] = useState("");
  const [row, setRow] = useState<RowSep>("newline");
  const [rowCustom, setRowCustom] = useState("");
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const commit = useImportCards(set.id);

  const options = (): ImportOptions =>
    format === "text"
      ? {
          format,
          termSeparator: term === "custom" ? { custom: termCustom } : term,
          rowSeparator: row === "custom" ? { custom: rowCustom } : row,
        }
      : { format };
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
    };
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) changed(setText)(await file.text());
  };
  const runPreview = async () => {
    setPreviewError(null);
    try {
      setPreview(await previewImport(set.id, text, options()));
    } catch (err) {
      setPreviewError(errorMessage(err, "Could not read the cards."));
    }
  };
  const runImport = () =>
    commit.mutate(
      { text, options: options() },
      {
        onSuccess: ({ imported }) => {
          toast({ title: `Imported ${imported} ${imported === 1 ? "card" : "cards"}` });
          setOpen(false);
          setText("");
          setPreview(null);
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Import flashcards"
      trigger={
        <Button variant="secondary">
          <Upload className="h-4 w-4" aria-hidden /> Import
        </Button>
      }
    >
      <div className="grid gap-3">
        <Field id="import-format" label="Format">
          <Select
            id="import-format"
            value={format}
            onChange={(e) => changed(setFormat)(e.target.value as Format)}
          >
            <option value="text">Text with separators</option>
            <option value="csv">CSV (quoted fields)</option>
            <option value="anki">Anki plain text</option>
          </Select>
        </Field>
        {format === "text" && (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="term-separator" label="Between term and definition">
              <Select
                id="term-separator"
                value={term}
                onChange={(e) => changed(setTerm)(e.target.value as TermSep)}
              >
                <option value="tab">Tab</option>
                <option value="comma">Comma</option>
                <option value="dash">Dash</option>
                <option value="custom">Custom</option>
              </Select>
            </Field>
            <Field id="row-separator" label="Between cards">
              <Select
                id="row-separator"
                value={row}
                onChange={(e) => changed(setRow)(e.target.value as RowSep)}
              >
                <option value="newline">New line</option>
                <option value="semicolon">Semicolon</option>
                <option value="custom">Custom</option>
              </Select>
            </Field>
            {term === "custom" && (
              <Field id="term-custom" label="Custom term separator">
                <Input
                  id="term-custom"
                  value={termCustom}
                  onChange={(e) => changed(setTermCustom)(e.target.value)}
                />
              </Field>
            )}
            {row === "custom" && (
              <Field id="row-custom" label="Custom card separator">
                <Input
                  id="row-custom"
                  value={rowCustom}
                  onChange={(e) => changed(setRowCustom)(e.target.value)}
                />
              </Field>
            )}
          </div>
        )}
        <Field id="import-text" label="Cards">
          <Textarea
            id="import-text"
            rows={6}
            value={text}
            onChange={(e) => changed(setText)(e.target.value)}
          />
        </Field>
        <Field id="import-file" label="Or upload a file">
          <Input id="import-file" type="file" accept=".txt,.csv,.tsv,text/plain,text/csv" onChange={upload} />
        </Field>
        <Button variant="secondary" onClick={runPreview} disabled={!text.trim()}>
          Preview
        </Button>
        {previewError && <Alert>{previewError}</Alert>}
        {preview && <PreviewList preview={preview} />}
        {commit.isError && <Alert>{errorMessage(commit.error, "Nothing was imported.")}</Alert>}
        <Button
          onClick={runImport}
          disabled={!preview || preview.cards.length === 0 || preview.errors.length > 0 || commit.isPending}
        >
          {preview
            ? `Import ${preview.cards.length} ${preview.cards.length === 1 ? "card" : "cards"}`
            : "Import"}
        </Button>
      </div>
    </Dialog>
  );
}

function PreviewList({ preview }: { preview: ImportPreview }) {
  return (
    <div className="grid gap-2" aria-live="polite">
      <p className="text-sm font-medium">
        {preview.cards.length} {preview.cards.length === 1 ? "card" : "cards"} ready
        {preview.errors.length > 0 &&
          `, ${preview.errors.length} ${preview.errors.length === 1 ? "line" : "lines"} could not be read`}
      </p>
      {preview.errors.length > 0 && (
        <Alert tone="warning">
          <p>Fix these lines before importing:</p>
          <ul className="list-disc pl-5">
            {preview.errors.map((e) => (
              <li key={e.line} className="wrap-anywhere">
                Line {e.line}: {e.reason} ({e.text})
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <ul className="grid max-h-48 gap-1 overflow-y-auto text-sm" aria-label="Cards to import">
        {preview.cards.slice(0, PREVIEW_SHOWN).map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a preview is replaced whole, never reordered
          <li key={`${i}-${c.question}`} className="min-w-0 rounded border border-border p-2 wrap-anywhere">
            <strong>{c.question}</strong> — {c.answer}
          </li>
        ))}
      </ul>
      {preview.cards.length > PREVIEW_SHOWN && (
        <p className="text-xs text-muted">and {preview.cards.length - PREVIEW_SHOWN} more</p>
      )}
    </div>
  );
}

/** Export as CSV or as Anki-importable TSV (question, answer, hint). */
export function ExportButtons({ set }: { set: FlashcardSet }) {
  const [error, setError] = useState<string | null>(null);
  const run = (format: "csv" | "anki") =>
    downloadExport(set.id, format).catch((err) => setError(errorMessage(err, "Could not export the set.")));
  return (
    <>
      <Button variant="secondary" onClick={() => run("csv")}>
        <Download className="h-4 w-4" aria-hidden /> Export CSV
      </Button>
      <Button variant="secondary" onClick={() => run("anki")}>
        <Download className="h-4 w-4" aria-hidden /> Export for Anki
      </Button>
      {error && <Alert className="basis-full">{error}</Alert>}
    </>
  );
}
