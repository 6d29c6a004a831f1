import { Sparkles } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { Field, Select, Textarea } from "#client/components/ui/form.tsx";
import { cn } from "#client/lib/cn.ts";
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

function StyleField({
  id,
  style,
  onChange,
}: {
  id: string;
  style: SummaryStyle;
  onChange: (style: SummaryStyle) => void;
}) {
  return (
    <Field id={id} label="Summary style">
      <Select id={id} value={style} onChange={(e) => onChange(e.target.value as SummaryStyle)}>
        {Object.entries(STYLE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * Text or a PDF, the style, and Generate Summary: `onRun` gets the input and what it is a summary of.
 * Fields in useState, not react-hook-form: react-hook-form's 14 KB would take /summarize past its
 * 150 KB first-load budget (npm run bench:first-load).
 */
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
  const [mode, setMode] = useState<Mode>("text");
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (mode === "text") {
      // SPEC §5: nothing happens on empty text.
      if (!text.trim()) return;
      onRun({ kind: "text", text, type: style }, "your text");
    } else {
      if (!file) return;
      onRun({ kind: "pdf", file, type: style }, file.name);
    }
  }

  return (
    <Card className="grid gap-4">
      <form onSubmit={submit} className="grid gap-4" aria-label="Summarize">
        <ModeSwitch mode={mode} onChange={setMode} />
        {mode === "text" ? (
          <Field id={`${id}-text`} label="Text to summarize">
            <Textarea
              id={`${id}-text`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Paste lecture notes, an article or a chapter..."
              className="min-h-48"
            />
          </Field>
        ) : (
          <PdfField id={`${id}-file`} onFile={setFile} />
        )}
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-40 flex-1">
            <StyleField id={`${id}-style`} style={style} onChange={onStyleChange} />
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
