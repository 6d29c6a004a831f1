import { MessageSquare } from "lucide-react";
import { type ComponentType, useState } from "react";
import type { Highlight } from "#client/components/document-viewer/document-pages.tsx";
import { DocumentViewer } from "#client/components/document-viewer/document-viewer.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { Material } from "#shared/materials/contract.ts";
import { useMaterialText } from "./materials.api.ts";

/** Who may pass a citation to the open material: true when it was this material's (now shown marked). */
export type ShowMaterialCitation = (citation: Highlight & { source?: string; id: number }) => boolean;
/** The assistant the page puts beside an opened material (the app passes the chat panel). */
export type MaterialAssistant = ComponentType<{ material: Material; showCitation: ShowMaterialCitation }>;

/**
 * A material read in the one document viewer, page by page, with the assistant beside it when the page
 * gives one (issue 24 §8, as for study documents): a citation of this material turns its page.
 */
export default function MaterialViewer({
  material,
  Assistant,
  onClose,
}: {
  material: Material;
  Assistant?: MaterialAssistant;
  onClose: () => void;
}) {
  const text = useMaterialText(material.id);
  const [asking, setAsking] = useState(false);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const showCitation: ShowMaterialCitation = (c) => {
    if (c.source !== "material" || c.id !== material.id) return false;
    setHighlight({ page: c.page, start: c.start, end: c.end });
    return true;
  };
  return (
    <DocumentViewer
      title={material.title}
      query={text}
      highlight={highlight}
      onClose={onClose}
      actions={() =>
        Assistant && !asking ? (
          <div>
            <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
              <MessageSquare className="mr-1 h-4 w-4" aria-hidden />
              Ask the assistant
            </Button>
          </div>
        ) : null
      }
      aside={Assistant && asking ? <Assistant material={material} showCitation={showCitation} /> : undefined}
    />
  );
}
