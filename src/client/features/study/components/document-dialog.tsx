import { type FormEvent, useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Badge, Skeleton } from "#client/components/ui/card.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { StudyDocument, StudyDocumentSummary } from "#shared/study/contract.ts";
import { useDeleteDocument, useRenameDocument, useStudyDocument } from "../study.api.ts";

/** The document's text, split at its PDF pages when it has them. */
function DocumentText({ doc }: { doc: StudyDocument }) {
  if (!doc.pages?.length) {
    return <p className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed">{doc.content}</p>;
  }
  return (
    <div className="grid gap-4">
      {doc.pages.map((p) => (
        <section key={p.page} aria-label={`Page ${p.page}`} className="grid gap-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">Page {p.page}</p>
          <p className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed">
            {doc.content.slice(p.start, p.end)}
          </p>
        </section>
      ))}
    </div>
  );
}

function Body({
  id,
  studySetId,
  readOnly,
  onClose,
}: {
  id: number;
  studySetId: number;
  readOnly: boolean;
  onClose: () => void;
}) {
  const doc = useStudyDocument(id);
  return (
    <QueryView
      query={doc}
      pending={
        <div role="status" aria-label="Loading document" className="grid gap-2">
          <Skeleton className="h-4" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      }
      error="Could not open this document."
    >
      {(d) => (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="blue">{d.fileType || "text"}</Badge>
            <span className="text-xs text-muted">{d.content.length.toLocaleString()} characters</span>
          </div>
          {!readOnly && <DocumentActions doc={d} studySetId={studySetId} onClose={onClose} />}
          <div className="max-h-[55vh] overflow-y-auto rounded-lg border border-border bg-bg p-3">
            <DocumentText doc={d} />
          </div>
        </div>
      )}
    </QueryView>
  );
}

/** Rename (in place) and delete (after a confirmation) for the document's owner. */
function DocumentActions({
  doc: d,
  studySetId,
  onClose,
}: {
  doc: StudyDocument;
  studySetId: number;
  onClose: () => void;
}) {
  const id = d.id;
  const rename = useRenameDocument();
  const remove = useDeleteDocument();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const onRename = (e: FormEvent) => {
    e.preventDefault();
    if (editing === null || !editing.trim()) return;
    rename.mutate({ id, title: editing.trim() }, { onSuccess: () => setEditing(null) });
  };

  return editing !== null ? (
    <form onSubmit={onRename} className="grid gap-2">
      <Field id="rename-document" label="Document title">
        <Input
          id="rename-document"
          autoFocus
          value={editing}
          maxLength={300}
          onChange={(e) => setEditing(e.target.value)}
        />
      </Field>
      {rename.isError && <Alert>{errorMessage(rename.error, "Could not rename the document.")}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!editing.trim() || rename.isPending}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
          Cancel
        </Button>
      </div>
    </form>
  ) : confirming ? (
    <div className="grid gap-2 rounded-lg border border-border p-3">
      <p className="text-sm">Delete this document? This cannot be undone.</p>
      {remove.isError && <Alert>{errorMessage(remove.error, "Failed to delete document.")}</Alert>}
      <div className="flex gap-2">
        <Button
          variant="destructive"
          size="sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id, studySetId }, { onSuccess: onClose })}
        >
          Delete Document
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </div>
    </div>
  ) : (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => setEditing(d.title)}>
        Rename
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        Delete
      </Button>
    </div>
  );
}

/** A document opened to read its whole text, rename it or delete it (reading only when `readOnly`). */
export function DocumentDialog({
  document,
  readOnly = false,
  onClose,
}: {
  document: StudyDocumentSummary | null;
  readOnly?: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={document !== null}
      onOpenChange={(open) => !open && onClose()}
      title={document?.title ?? "Document"}
    >
      {document && (
        <Body
          key={document.id}
          id={document.id}
          studySetId={document.studySetId}
          readOnly={readOnly}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}
