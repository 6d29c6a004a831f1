import { useId, useState } from "react";
import { Alert, Card } from "#client/components/ui/card.tsx";
import { IMAGE_UPLOAD_EXTENSIONS, MATERIAL_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import type { Course } from "#shared/courses/contract.ts";
import { type MaterialActions, MaterialList } from "./material-list.tsx";
import {
  MaterialMessage,
  MaterialUploadForm,
  type Message,
  settledMessage,
} from "./material-upload-form.tsx";
import type { MaterialAssistant } from "./material-viewer.tsx";
import { useDeleteMaterial, useMaterials } from "./materials.api.ts";

const isImage = (ext: string) => (IMAGE_UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
const orList = (items: readonly string[]) => `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

/**
 * How to use the page, naming the types the picker takes (from the same list): it named .ppt, which is
 * refused with a hint to save as .pptx, and not the photos and scans whose text is read by OCR.
 */
export function UploadHint() {
  const files = MATERIAL_UPLOAD_EXTENSIONS.filter((ext) => ext !== ".ppt" && !isImage(ext));
  return (
    <Alert tone="info">
      <strong>How to use:</strong> choose the course and the type of material, pick a file ({orList(files)})
      or a photo or scan of your notes or slides ({orList(IMAGE_UPLOAD_EXTENSIONS)}), whose text is read for
      you, and upload it. The AI assistant then answers your questions from it and cites the page it quotes.
    </Alert>
  );
}

/** SPEC §2.14 Course Materials Manager: per student (not user 1), every accepted type read for real. */
export function MaterialsView({
  courses,
  headingLevel = 1,
  Actions,
  Assistant,
}: {
  courses: Course[];
  headingLevel?: 1 | 2;
  /** Extra buttons on each ready material (summaries' drafts, passed by the page). */
  Actions?: MaterialActions;
  /** The assistant beside an opened material (the chat panel, passed by the page). */
  Assistant?: MaterialAssistant;
}) {
  const id = useId();
  const [courseId, setCourseId] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const materials = useMaterials(courseId);
  const remove = useDeleteMaterial();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const Sub = headingLevel === 1 ? "h2" : "h3";

  function onDelete(materialId: number) {
    remove.mutate(materialId, {
      onSuccess: () => setMessage({ tone: "success", text: "Document deleted successfully." }),
      onError: () => setMessage({ tone: "error", text: "Failed to delete document." }),
    });
  }

  return (
    <div className="grid min-w-0 gap-6">
      <Heading className="text-2xl font-bold tracking-tight">Course Materials</Heading>
      <Card className="grid gap-4">
        <MaterialUploadForm
          id={id}
          courses={courses}
          courseId={courseId}
          onCourseChange={setCourseId}
          onMessage={setMessage}
        />
        <MaterialMessage message={settledMessage(message, materials.data)} />
        <UploadHint />
      </Card>
      <section className="grid gap-3" aria-labelledby={`${id}-list`}>
        <Sub id={`${id}-list`} className="text-lg font-semibold">
          Uploaded materials
        </Sub>
        <MaterialList
          materials={materials}
          deleting={remove.isPending}
          onDelete={onDelete}
          Actions={Actions}
          Assistant={Assistant}
        />
      </section>
    </div>
  );
}
