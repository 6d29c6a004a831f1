import { FileText, Loader2 } from "lucide-react";
import { type ComponentType, useState } from "react";
import { EmptyState, QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Badge, Card, Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { StudyDocumentSummary } from "#shared/study/contract.ts";
import { processingLabel } from "#shared/study/document-status.ts";
import { useDeleteDocument, useStudyDocuments } from "../study.api.ts";
import { type DocumentAssistant, DocumentDialog } from "./document-dialog.tsx";
import { UploadDialog } from "./upload-dialog.tsx";

/** What another feature adds to a document's card (the page composes it): an AI summary and AI buttons. */
type DocumentProps = { doc: StudyDocumentSummary; readOnly: boolean };
export interface DocumentExtras {
  Summary: ComponentType<DocumentProps>;
  Actions: ComponentType<DocumentProps>;
  /** The assistant beside an opened document, with its set in scope (the owner's sets only). */
  Assistant?: DocumentAssistant;
}

/** A document that could not be read: its message, and a way to remove it (its owner only). */
function FailedDocument({ doc, readOnly }: { doc: StudyDocumentSummary; readOnly: boolean }) {
  const remove = useDeleteDocument();
  return (
    <div className="grid gap-2">
      <Alert>{doc.error ?? "This file could not be read."}</Alert>
      {remove.isError && <Alert>{errorMessage(remove.error, "Failed to delete document.")}</Alert>}
      {!readOnly && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: doc.id, studySetId: doc.studySetId })}
            aria-label={`Remove ${doc.title}`}
          >
            {remove.isPending ? "Removing..." : "Remove"}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A document's card; `readOnly` (a group member on someone else's set) passes on to the extras. */
function DocumentCard({
  doc,
  readOnly,
  extras,
  onOpen,
}: DocumentProps & { extras: DocumentExtras | undefined; onOpen: () => void }) {
  return (
    <li>
      <Card className="grid gap-3 p-4">
        <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 wrap-anywhere font-semibold">{doc.title}</h3>
          <Badge tone="blue">{doc.fileType || "text"}</Badge>
        </div>
        {doc.status === "processing" ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
            {processingLabel(doc.progress)}
          </p>
        ) : doc.status === "failed" ? (
          <FailedDocument doc={doc} readOnly={readOnly} />
        ) : (
          <>
            {extras && <extras.Summary doc={doc} readOnly={readOnly} />}
            <p className="line-clamp-3 whitespace-pre-line wrap-anywhere text-sm text-muted">{doc.content}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={onOpen} aria-label={`Open ${doc.title}`}>
                Open
              </Button>
              {extras && <extras.Actions doc={doc} readOnly={readOnly} />}
            </div>
          </>
        )}
      </Card>
    </li>
  );
}

/**
 * SPEC §2.7 Documents tab: upload or paste, cards with a 3-line preview; open to read, rename, delete.
 * `readOnly` (a group member on someone else's shared set) leaves reading only: the server refuses the rest.
 */
export function DocumentsTab({
  studySetId,
  readOnly = false,
  extras,
}: {
  studySetId: number;
  readOnly?: boolean;
  extras?: DocumentExtras;
}) {
  const documents = useStudyDocuments(studySetId);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = documents.data ?? [];
  const opened = list.find((d) => d.id === openId);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">
          {documents.isSuccess && `${list.length} document${list.length === 1 ? "" : "s"}`}
        </p>
        {!readOnly && <UploadDialog studySetId={studySetId} />}
      </div>
      <QueryView
        query={documents}
        pending={
          <div role="status" aria-label="Loading documents" className="grid gap-3">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        }
        error="Failed to fetch documents"
        empty={
          <EmptyState icon={<FileText className="h-8 w-8 text-muted" aria-hidden />} title="No documents yet">
            {!readOnly && "Upload a PDF, Word, Markdown or text file, or paste your notes."}
          </EmptyState>
        }
      >
        {(list) => (
          <ul className="grid gap-3 xl:grid-cols-2">
            {list.map((doc) => (
              <DocumentCard
                key={doc.id}
                doc={doc}
                readOnly={readOnly}
                extras={extras}
                onOpen={() => setOpenId(doc.id)}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {opened && (
        <DocumentDialog
          key={opened.id}
          document={opened}
          readOnly={readOnly}
          Assistant={readOnly ? undefined : extras?.Assistant}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}
