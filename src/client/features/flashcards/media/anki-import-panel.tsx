import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Field, Select } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import type { FlashcardSet } from "#shared/flashcards/contract.ts";
import {
  type AnkiImportResult,
  type AnkiPreview,
  ankiImportOptionsSchema,
} from "#shared/flashcards/media-contract.ts";
import { previewAnkiPackage, useImportAnkiPackage } from "./media.api.ts";

type Values = z.input<typeof ankiImportOptionsSchema>;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** An Anki package: what to keep, a preview of what it holds, then the import (issue 25 §5). */
export function AnkiImportPanel({
  set,
  file,
  onDone,
}: {
  set: FlashcardSet;
  file: File;
  onDone: () => void;
}) {
  const [preview, setPreview] = useState<AnkiPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const commit = useImportAnkiPackage(set.id);
  const form = useForm<Values>({
    resolver: zodResolver(ankiImportOptionsSchema),
    defaultValues: { scheduling: true, duplicates: "update" },
  });
  const runPreview = form.handleSubmit(async (options) => {
    setPreviewError(null);
    try {
      setPreview(await previewAnkiPackage(set.id, file, options));
    } catch (err) {
      setPreviewError(errorMessage(err, "Could not read the package."));
    }
  });
  const runImport = form.handleSubmit((options) =>
    commit.mutate(
      { file, options },
      {
        onSuccess: (r) => {
          toast({ title: importedTitle(r), variant: "success" });
          onDone();
        },
      },
    ),
  );
  return (
    <div className="grid min-w-0 gap-3">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("scheduling")} /> Keep my Anki review history and schedule
      </label>
      <Field id="apkg-duplicates" label="Notes already in this study set (same Anki note)">
        <Select id="apkg-duplicates" {...form.register("duplicates")}>
          <option value="update">Update them</option>
          <option value="skip">Skip them</option>
          <option value="keep">Keep both</option>
        </Select>
      </Field>
      <Button type="button" variant="secondary" onClick={runPreview}>
        Preview
      </Button>
      {previewError && <Alert>{previewError}</Alert>}
      {preview && (
        <p className="text-sm font-medium wrap-anywhere" data-testid="import-summary" aria-live="polite">
          {plural(preview.flashcards, "flashcard")}
          {/* A reversed or cloze flashcard is reviewed as several cards: said only when it makes a difference. */}
          {preview.cards !== preview.flashcards && ` (${plural(preview.cards, "card")} to review)`},{" "}
          {plural(preview.reviews, "review")}, {plural(preview.media, "media file")}
          {preview.existing > 0 && `, ${preview.existing} already here`}
          {preview.decks.length > 0 && ` (decks: ${preview.decks.join(", ")})`}
        </p>
      )}
      {preview && preview.problems.length > 0 && (
        <Alert tone="warning">
          {plural(preview.problems.length, "note")} cannot become flashcards and will be left out.
        </Alert>
      )}
      {preview && preview.skippedMedia.length > 0 && (
        <Alert tone="warning">
          {plural(preview.skippedMedia.length, "media file")} will be left out (not a picture or sound we can
          show, or too large): {preview.skippedMedia.map((m) => m.name).join(", ")}. The cards are kept.
        </Alert>
      )}
      {commit.isError && <Alert>{errorMessage(commit.error, "Nothing was imported.")}</Alert>}
      <Button
        type="button"
        onClick={runImport}
        disabled={!preview || preview.cards === 0 || commit.isPending}
      >
        {preview ? `Import ${plural(preview.flashcards, "flashcard")}` : "Import"}
      </Button>
    </div>
  );
}

function importedTitle(r: AnkiImportResult) {
  // Flashcards as the set counts them (a reversed or cloze one is a single flashcard).
  const parts = [`Imported ${plural(r.importedFlashcards, "flashcard")}`];
  if (r.updatedFlashcards) parts.push(`updated ${r.updatedFlashcards}`);
  if (r.reviews) parts.push(`kept ${plural(r.reviews, "review")}`);
  if (r.sets.length > 1) parts.push(`into ${r.sets.length} sets`);
  return parts.join(", ");
}
