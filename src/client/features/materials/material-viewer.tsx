import { DocumentViewer } from "#client/components/document-viewer/document-viewer.tsx";
import type { Material } from "#shared/materials/contract.ts";
import { useMaterialText } from "./materials.api.ts";

/** A material read in the one document viewer, page by page. */
export default function MaterialViewer({ material, onClose }: { material: Material; onClose: () => void }) {
  const text = useMaterialText(material.id);
  return <DocumentViewer title={material.title} query={text} onClose={onClose} />;
}
