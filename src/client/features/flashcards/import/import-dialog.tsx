import { zodResolver } from "@hookform/resolvers/zod";
import { Upload } from "lucide-react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { FormProvider, useForm, useFormContext } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import {
  type FlashcardSet,
  type ImportColumnRole,
  type ImportPreview,
  importColumnsSchema,
  ONE_FRONT_ONE_BACK_MESSAGE,
} from "#shared/flashcards/contract.ts";
import { previewImportFile, useImportFile } from "../flashcards.api.ts";
import { AnkiImportPanel } from "../media/anki-import-panel.tsx";
import { ImportColumns } from "./import-columns.tsx";
import { ImportFields } from "./import-fields.tsx";
import {
  choicesForFile,
  emptyImportForm,
  type ImportFormValues,
  importFormSchema,
  importOptions,
} from "./import-form.ts";
import { ImportPreviewList, importButtonLabel, importedTitle } from "./import-preview.tsx";

/** Where the cards come from: a chosen file, or (without one) the pasted text. */
function ImportSource({
  file,
  onChooseFile,
}: {
  file: File | null;
  onChooseFile: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { register } = useFormContext<ImportFormValues>();
  return (
    <>
      <Field id="import-file" label="Choose a file (.csv, .tsv, .txt, Anki .apkg/.colpkg)">
        <Input
          id="import-file"
          type="file"
          accept=".txt,.csv,.tsv,.tab,.apkg,.colpkg,text/plain,text/csv"
          onChange={onChooseFile}
        />
      </Field>
      {!file && (
        <Field id="import-text" label="Or paste the cards">
          <Textarea id="import-text" rows={5} {...register("text")} />
        </Field>
      )}
    </>
  );
}

/** The dialog's state: the file or pasted text, the choices (react-hook-form), the preview and the import. */
function useImport(set: FlashcardSet) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  // The columns' roles as the student chose them (null: as the parser reads them), and why they cannot be sent.
  const [columns, setColumns] = useState<ImportColumnRole[] | null>(null);
  const [columnsError, setColumnsError] = useState<string | null>(null);
  // Previews may answer out of order (roles changed in quick succession): only the last one asked counts,
  // and any change since it was asked makes it stale.
  const latestPreview = useRef(0);
  const commit = useImportFile(set.id);
  const form = useForm<ImportFormValues>({
    resolver: zodResolver(importFormSchema),
    defaultValues: emptyImportForm,
  });
  const source = (v: ImportFormValues) => file ?? new File([v.text], "pasted.txt", { type: "text/plain" });
  // Any change of choice or text makes the preview stale; other text or another reading of it, the columns.
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      latestPreview.current++;
      setPreview(null);
      if (name === "text" || name === "format" || name === "delimiter") {
        setColumns(null);
        setColumnsError(null);
      }
    });
    return () => sub.unsubscribe();
  }, [form]);
  const forgetColumns = () => {
    latestPreview.current++;
    setColumns(null);
    setColumnsError(null);
  };

  const reset = () => {
    form.reset(emptyImportForm);
    setFile(null);
    setPreview(null);
    setPreviewError(null);
    forgetColumns();
    commit.reset();
  };
  const chooseFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setPreview(null);
    forgetColumns();
    const implied = chosen ? choicesForFile(chosen.name) : {};
    if (implied.format) form.setValue("format", implied.format);
    if (implied.delimiter) form.setValue("delimiter", implied.delimiter);
  };
  const previewWith = (chosen: ImportColumnRole[] | null) =>
    form.handleSubmit(async (v) => {
      const asked = ++latestPreview.current;
      setPreviewError(null);
      try {
        const answer = await previewImportFile(set.id, source(v), importOptions(v, chosen));
        if (asked === latestPreview.current) setPreview(answer);
      } catch (err) {
        if (asked === latestPreview.current) setPreviewError(errorMessage(err, "Could not read the cards."));
      }
    })();
  const runPreview = () => previewWith(columns);
  // A role changed: preview again with it, unless the roles cannot make cards (the server's own check).
  const chooseColumns = (next: ImportColumnRole[]) => {
    setColumns(next);
    setPreview(null);
    latestPreview.current++;
    const checked = importColumnsSchema.safeParse(next);
    setColumnsError(
      checked.success ? null : (checked.error.issues[0]?.message ?? ONE_FRONT_ONE_BACK_MESSAGE),
    );
    if (checked.success) void previewWith(next);
  };
  const runImport = form.handleSubmit((v) =>
    commit.mutate(
      { file: source(v), options: importOptions(v, columns) },
      {
        onSuccess: (result) => {
          toast({ title: importedTitle(result), variant: "success" });
          setOpen(false);
          reset();
        },
      },
    ),
  );

  return {
    open,
    setOpen,
    file,
    preview,
    previewError,
    columns: columns ?? preview?.columns ?? null,
    columnsError,
    chooseColumns,
    commit,
    form,
    chooseFile,
    runPreview,
    runImport,
    reset,
  };
}

/**
 * Import from Quizlet, a spreadsheet or Anki: paste or choose a file, choose the format and what to do
 * with bad lines and duplicates, preview, import. Everything goes up as a file (multipart), so a large
 * set is not bound by the JSON limit.
 */
export function ImportDialog({ set }: { set: FlashcardSet }) {
  const {
    open,
    setOpen,
    file,
    preview,
    previewError,
    columns,
    columnsError,
    chooseColumns,
    commit,
    form,
    chooseFile,
    runPreview,
    runImport,
    reset,
  } = useImport(set);
  const skipBad = form.watch("badLines") === "skip";
  const blocked =
    !preview ||
    preview.planned.imported + preview.planned.updated === 0 ||
    (preview.errors.length > 0 && !skipBad);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      title="Import flashcards"
      trigger={
        <Button variant="secondary">
          <Upload className="h-4 w-4" aria-hidden /> Import
        </Button>
      }
    >
      <FormProvider {...form}>
        {isAnkiPackage(file) ? (
          <div className="grid min-w-0 gap-3">
            <ImportSource file={file} onChooseFile={chooseFile} />
            <AnkiImportPanel
              set={set}
              file={file}
              onDone={() => {
                setOpen(false);
                reset();
              }}
            />
          </div>
        ) : (
          <form className="grid min-w-0 gap-3" onSubmit={runImport} noValidate>
            <ImportFields />
            <ImportSource file={file} onChooseFile={chooseFile} />
            <Button
              type="button"
              variant="secondary"
              onClick={runPreview}
              disabled={!file && !form.watch("text").trim()}
            >
              Preview
            </Button>
            {previewError && <Alert>{previewError}</Alert>}
            {form.watch("format") === "csv" && columns && columns.length > 2 && (
              <ImportColumns columns={columns} error={columnsError} onChange={chooseColumns} />
            )}
            {preview && <ImportPreviewList preview={preview} skipBad={skipBad} />}
            {commit.isError && <Alert>{errorMessage(commit.error, "Nothing was imported.")}</Alert>}
            <Button type="submit" disabled={blocked || commit.isPending}>
              {importButtonLabel(preview)}
            </Button>
          </form>
        )}
      </FormProvider>
    </Dialog>
  );
}

/** An Anki package goes its own way: read in the Anki pool, with its pictures and schedule. */
const isAnkiPackage = (file: File | null): file is File => !!file && /\.(apkg|colpkg)$/i.test(file.name);
