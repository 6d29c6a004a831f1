import { Sparkles } from "lucide-react";
import { type ChangeEvent, useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { Field, Select, Textarea } from "#client/components/ui/form.tsx";
import { cn } from "#client/lib/cn.ts";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import { toast } from "#client/lib/toast.tsx";
import type { SummaryStyle } from "#shared/summaries/contract.ts";
import type { SummaryInput } from "../summaries.api.ts";
import { STYLE_LABELS } from "./style-labels.ts";

type Mode = "text" | "pdf";

function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const modeButton = (value: Mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => onChange(value)}
      className={cn(
        "h-9 flex-1 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent",
        mode === value ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg",
      )}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="flex min-w-0 gap-1 rounded-lg bg-bg p-1">
      <legend className="sr-only">Input</legend>
      {modeButton("text", "Text Input")}
      {modeButton("pdf", "PDF Upload")}
    </fieldset>
  );
}

type SummaryFormValues =
  | { mode: "text"; text: string; type: SummaryStyle; file: File | null }
  | { mode: "pdf"; text: string; type: SummaryStyle; file: File };

/**
 * The shared rules for the text and the style; in PDF mode a chosen file instead of the text. Loaded with
 * the contract on first use, as the summarizer's calls load it: the form draws without them, which keeps
 * /summarize's first load within its budget.
 */
const validation = lazyZodResolver<SummaryFormValues>(async () => {
  const { summarizeSchema } = await import("#shared/summaries/contract.ts");
  const { text, type } = summarizeSchema.shape;
  return z.discriminatedUnion("mode", [
    z.object({ mode: z.literal("text"), text, type, file: z.instanceof(File).nullable() }),
    z.object({ mode: z.literal("pdf"), text: z.string(), type, file: z.instanceof(File) }),
  ]);
});

function PdfField({ id, onFile }: { id: string; onFile: (file: File | null) => void }) {
  function pickFile(e: ChangeEvent<HTMLInputElement>) {
    const picked = e.target.files?.[0] ?? null;
    if (picked && picked.type !== "application/pdf") {
      toast({ title: "Invalid file type", description: "Please upload a PDF file.", variant: "destructive" });
      e.target.value = "";
      onFile(null);
      return;
    }
    onFile(picked);
  }
  return (
    <Field id={id} label="PDF file" hint="The text is read from the PDF's text layer.">
      <input
        id={id}
        type="file"
        accept="application/pdf"
        onChange={pickFile}
        className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5"
      />
    </Field>
  );
}

/** Text or a PDF, the style, and Generate Summary: `onRun` gets the input and what it is a summary of. */
export function SummaryForm({
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
  const form = useForm<SummaryFormValues>({
    resolver: validation.resolver,
    defaultValues: { mode: "text", text: "", file: null, type: style },
  });
  const [mode, text] = form.watch(["mode", "text"]);
  const textError = form.formState.errors.text?.message;

  // SPEC §5: nothing happens on empty text (or without a PDF): the schema refuses it, and says nothing.
  const submit = form.handleSubmit((v) => {
    if (v.mode === "text") onRun({ kind: "text", text: v.text, type: v.type }, "your text");
    else onRun({ kind: "pdf", file: v.file, type: v.type }, v.file.name);
  });

  return (
    <Card className="grid gap-4">
      <form
        onSubmit={submit}
        onFocus={validation.preload}
        noValidate
        className="grid gap-4"
        aria-label="Summarize"
      >
        <ModeSwitch mode={mode} onChange={(next) => form.setValue("mode", next)} />
        {mode === "text" ? (
          <Field id={`${id}-text`} label="Text to summarize" error={text.trim() ? textError : undefined}>
            <Textarea
              id={`${id}-text`}
              placeholder="Paste lecture notes, an article or a chapter..."
              className="min-h-48"
              {...form.register("text")}
            />
          </Field>
        ) : (
          <PdfField id={`${id}-file`} onFile={(file) => form.setValue("file", file)} />
        )}
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-40 flex-1">
            <Field id={`${id}-style`} label="Summary style">
              <Select
                id={`${id}-style`}
                {...form.register("type", { onChange: (e) => onStyleChange(e.target.value) })}
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
