import { DocumentViewer } from "#client/components/document-viewer/document-viewer.tsx";
import type { Citation } from "#shared/chat/contract.ts";
import { useDocumentText } from "./chat.api.ts";

/** Opens a cited document at the cited page with the quoted passage highlighted. */
export function CitationViewer({ citation, onClose }: { citation: Citation; onClose: () => void }) {
  const doc = useDocumentText(citation.source ?? "material", citation.id);
  return <DocumentViewer title={citation.title} query={doc} highlight={citation} onClose={onClose} />;
}
