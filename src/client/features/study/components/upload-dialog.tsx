import { Upload } from "lucide-react";
import { type DragEvent, type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { toast } from "#client/lib/toast.tsx";
import { MAX_UPLOAD_BYTES, STUDY_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import { useAddDocument } from "../study.api.ts";

const ACCEPT = STUDY_UPLOAD_EXTENSIONS.join(",");
const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, "");
const accepted = (name: string) => STUDY_UPLOAD_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** The drop or click zone for one file, and a way to take the chosen file back. */
function FileDropZone({
  file,
  inputRef,
  onChoose,
  onRemove,
}: {
  file: File | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onChoose: (f: File | undefined) => void;
  onRemove: () => void;
}) {
  const [dragging, setDragging] = useState(false);
  const zoneId = useId();
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    onChoose(e.dataTransfer.files[0]);
  };
  return (
    <div className="grid gap-1.5">
      <span id={`${zoneId}-label`} className="text-sm font-medium">
        File
      </span>
      <label
        htmlFor={zoneId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "grid cursor-pointer justify-items-center gap-1 rounded-lg border-2 border-dashed p-6 text-center text-sm",
          "focus-within:outline-2 focus-within:outline-accent",
          dragging ? "border-accent bg-bg" : "border-border",
        )}
      >
        <Upload className="h-6 w-6 text-muted" aria-hidden />
        <span className="break-all font-medium">
          {file ? file.name : "Drop a file here, or click to choose one"}
        </span>
        <span className="text-xs text-muted">PDF, TXT, DOCX, MD or a photo (PNG, JPG), up to 20 MB</span>
        <input
          id={zoneId}
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          aria-labelledby={`${zoneId}-label`}
          className="sr-only"
          onChange={(e) => onChoose(e.target.files?.[0])}
        />
      </label>
      {file && (
        <Button variant="ghost" size="sm" className="justify-self-start" onClick={onRemove}>
          Remove file
        </Button>
      )}
    </div>
  );
}

/**
 * SPEC §2.7 'Upload File': optional title (filled from the file name), a drop or click zone for .pdf,
 * .txt, .docx, .md and photos (.png, .jpg), or pasted text. The server reads the file; its message says what to do when it
 * cannot (a scan, a damaged file, too large).
 */
export function UploadDialog({ studySetId }: { studySetId: number }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const add = useAddDocument(studySetId);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTitle("");
      setFile(null);
      setText("");
      setProblem(null);
      add.reset();
    }
  };
  const choose = (f: File | undefined) => {
    if (!f) return;
    if (!accepted(f.name)) return setProblem(`Choose a ${STUDY_UPLOAD_EXTENSIONS.join(", ")} file.`);
    // The server's own 413 message, without sending 20 MB first.
    if (f.size > MAX_UPLOAD_BYTES)
      return setProblem("This file is larger than 20 MB. Upload a smaller file.");
    setProblem(null);
    setFile(f);
    // A title the student typed stays; one filled from the previous file follows the new one.
    if (!title.trim() || (file && title === withoutExtension(file.name))) setTitle(withoutExtension(f.name));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file && !text.trim()) return setProblem("Choose a file or paste some text.");
    const input = file
      ? ({ kind: "file", file, title: title.trim() } as const)
      : ({ kind: "text", body: { title: title.trim(), content: text } } as const);
    add.mutate(input, {
      onSuccess: (doc) => {
        onOpenChange(false);
        toast({ title: "Document added", description: doc.title, variant: "success" });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload File"
      description="Add a document to this study set: upload a file or paste its text."
      trigger={
        <Button>
          <Upload className="h-4 w-4" aria-hidden /> Upload File
        </Button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="document-title" label="Title (optional)">
          <Input
            id="document-title"
            value={title}
            maxLength={300}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <FileDropZone
          file={file}
          inputRef={inputRef}
          onChoose={choose}
          onRemove={() => {
            setFile(null);
            if (inputRef.current) inputRef.current.value = "";
          }}
        />
        <Field id="document-text" label="Or paste text content">
          <Textarea
            id="document-text"
            value={text}
            disabled={file !== null}
            className="min-h-32"
            onChange={(e) => setText(e.target.value)}
          />
        </Field>
        {problem && <Alert>{problem}</Alert>}
        {add.isError && (
          <Alert>{errorMessage(add.error, "Failed to upload document. Please try again.")}</Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Uploading..." : "Upload"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
