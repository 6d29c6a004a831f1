import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Card } from "#client/components/ui/card.tsx";
import { Field, Select } from "#client/components/ui/form.tsx";
import { ApiError } from "#client/lib/api.ts";
import { MATERIAL_TYPES, MATERIAL_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import type { Course } from "#shared/courses/contract.ts";
import type { MaterialType } from "#shared/materials/contract.ts";
import { type MaterialActions, MaterialList, TYPE_LABELS } from "./material-list.tsx";
import { useDeleteMaterial, useMaterials, useUploadMaterial } from "./materials.api.ts";

type Message = { tone: "success" | "error"; text: string } | null;

/** SPEC §2.14 Course Materials Manager: per student (not user 1), every accepted type read for real. */
export function MaterialsView({
  courses,
  headingLevel = 1,
  Actions,
}: {
  courses: Course[];
  headingLevel?: 1 | 2;
  /** Extra buttons on each ready material (summaries' drafts, passed by the page). */
  Actions?: MaterialActions;
}) {
  const id = useId();
  const [courseId, setCourseId] = useState<number | null>(null);
  const [type, setType] = useState<MaterialType>("reading");
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const materials = useMaterials(courseId);
  const upload = useUploadMaterial();
  const remove = useDeleteMaterial();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const Sub = headingLevel === 1 ? "h2" : "h3";

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      setMessage({ tone: "error", text: "Please select a file first." });
      return;
    }
    setMessage(null);
    upload.mutate(
      { file, courseId, type },
      {
        onSuccess: (material) => {
          setMessage({
            tone: "success",
            text:
              material.status === "processing"
                ? "Document uploaded! It is being read now; the AI can reference it once it is ready."
                : "Document uploaded successfully! The AI can now reference this material.",
          });
          setFile(null);
          if (fileInput.current) fileInput.current.value = "";
        },
        onError: (err) => {
          const reason = err instanceof ApiError && err.status !== 0 && err.code ? ` ${err.message}` : "";
          setMessage({ tone: "error", text: `Failed to upload document. Please try again.${reason}` });
        },
      },
    );
  }

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
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
          <Field id={`${id}-course`} label="Course">
            <Select
              id={`${id}-course`}
              value={courseId ?? "all"}
              onChange={(e) => setCourseId(e.target.value === "all" ? null : Number(e.target.value))}
            >
              <option value="all">All Courses</option>
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.code ? `${c.code} - ${c.name}` : c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-type`} label="Material type">
            <Select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as MaterialType)}>
              {MATERIAL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </Field>
          <div className="sm:col-span-2">
            <Field id={`${id}-file`} label="File">
              <input
                id={`${id}-file`}
                ref={fileInput}
                type="file"
                accept={[...MATERIAL_UPLOAD_EXTENSIONS].join(",")}
                className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? "Uploading..." : "Upload Material"}
            </Button>
          </div>
        </form>
        {message && (
          <p
            role={message.tone === "error" ? "alert" : "status"}
            className={
              message.tone === "success"
                ? "break-words text-sm text-green-700 dark:text-green-400"
                : "break-words text-sm text-red-700 dark:text-red-400"
            }
          >
            {message.text}
          </p>
        )}
        <Alert tone="info">
          <strong>How to use:</strong> choose the course and the type of material, pick a file (.txt, .md,
          .pdf, .doc, .docx, .ppt or .pptx) and upload it. The AI assistant then answers your questions from
          it and cites the page it quotes.
        </Alert>
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
        />
      </section>
    </div>
  );
}
