import { MessageSquare } from "lucide-react";
import { type ComponentType, type FormEvent, useState } from "react";
import type { Highlight } from "#client/components/document-viewer/document-pages.tsx";
import { DocumentViewer } from "#client/components/document-viewer/document-viewer.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Badge } from "#client/components/ui/card.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { StudyDocument, StudyDocumentSummary } from "#shared/study/contract.ts";
import { useDeleteDocument, useRenameDocument, useStudyDocument } from "../study.api.ts";

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

/** Who may pass a citation to the open document: true when it was this document's (now shown marked). */
export type ShowCitation = (citation: Highlight & { source?: string; id: number }) => boolean;
export type DocumentAssistant = ComponentType<{ doc: StudyDocumentSummary; showCitation: ShowCitation }>;

/**
 * A document opened in the one viewer to read by page, rename or delete (reading only when `readOnly`),
 * with the assistant beside it when the page gives one: a citation of this document turns its page.
 */
export function DocumentDialog({
  document,
  readOnly = false,
  Assistant,
  onClose,
}: {
  document: StudyDocumentSummary;
  readOnly?: boolean;
  Assistant?: DocumentAssistant;
  onClose: () => void;
}) {
  const doc = useStudyDocument(document.id);
  const [asking, setAsking] = useState(false);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const showCitation: ShowCitation = (c) => {
    if (c.source !== "study" || c.id !== document.id) return false;
    setHighlight({ page: c.page, start: c.start, end: c.end });
    return true;
  };
  return (
    <DocumentViewer
      title={document.title}
      query={doc}
      highlight={highlight}
      onClose={onClose}
      actions={(d) => (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="blue">{d.fileType || "text"}</Badge>
            <span className="text-xs text-muted">{d.content.length.toLocaleString()} characters</span>
            {Assistant && !asking && (
              <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
                <MessageSquare className="mr-1 h-4 w-4" aria-hidden />
                Ask the assistant
              </Button>
            )}
          </div>
          {!readOnly && <DocumentActions doc={d} studySetId={document.studySetId} onClose={onClose} />}
        </div>
      )}
      aside={Assistant && asking ? <Assistant doc={document} showCitation={showCitation} /> : undefined}
    />
  );
}
