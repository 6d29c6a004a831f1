import { type FormEvent, useRef, useState } from "react";
import { CourseSelect } from "#client/components/course-select.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Field, Select } from "#client/components/ui/form.tsx";
import { ApiError } from "#client/lib/api.ts";
import { MATERIAL_TYPES, MATERIAL_UPLOAD_EXTENSIONS } from "#shared/constants.ts";
import type { Course } from "#shared/courses/contract.ts";
import type { Material, MaterialType } from "#shared/materials/contract.ts";
import { TYPE_LABELS } from "./material-list.tsx";
import { useUploadMaterial } from "./materials.api.ts";

/** `reading`: the material a background job is still reading, whose outcome the note is to follow. */
export type Message = { tone: "success" | "error"; text: string; reading?: number } | null;

const UPLOADED = "Document uploaded successfully! The AI can now reference this material.";

/**
 * The note on an upload still being read, once the list shows how it ended: it said 'being read' beside
 * the list's 'could not read' for the same file, so the screen said both.
 */
export function settledMessage(message: Message, materials: readonly Material[] | undefined): Message {
  if (message?.reading === undefined) return message;
  const material = materials?.find((m) => m.id === message.reading);
  if (material?.status === "ready") return { tone: "success", text: UPLOADED };
  if (material?.status === "failed")
    return {
      tone: "error",
      text: `Failed to upload document. ${material.error ?? "This file could not be read."}`,
    };
  return message;
}

/** The outcome of the last upload or delete, read out politely or as an alert. */
export function MaterialMessage({ message }: { message: Message }) {
  if (!message) return null;
  return (
    <p
      // A new element for a new outcome: a status that became an alert in place was not announced.
      key={`${message.tone}:${message.text}`}
      role={message.tone === "error" ? "alert" : "status"}
      className={
        message.tone === "success"
          ? "break-words text-sm text-green-700 dark:text-green-400"
          : "break-words text-sm text-red-700 dark:text-red-400"
      }
    >
      {message.text}
    </p>
  );
}

/** The course (which also filters the list below), the material's type and its file. */
export function MaterialUploadForm({
  id,
  courses,
  courseId,
  onCourseChange,
  onMessage,
}: {
  id: string;
  courses: Course[];
  courseId: number | null;
  onCourseChange: (courseId: number | null) => void;
  onMessage: (message: Message) => void;
}) {
  const [type, setType] = useState<MaterialType>("reading");
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadMaterial();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      onMessage({ tone: "error", text: "Please select a file first." });
      return;
    }
    onMessage(null);
    upload.mutate(
      { file, courseId, type },
      {
        onSuccess: (material) => {
          onMessage(
            material.status === "processing"
              ? {
                  tone: "success",
                  text: "Document uploaded successfully! It is being read now; the AI can reference it once it is ready.",
                  reading: material.id,
                }
              : { tone: "success", text: UPLOADED },
          );
          // A file chosen while this one was on its way is the next upload's: it stays.
          if (fileInput.current?.files?.[0] === file) fileInput.current.value = "";
          setFile((chosen) => (chosen === file ? null : chosen));
        },
        onError: (err) => {
          const reason = err instanceof ApiError && err.status !== 0 && err.code ? ` ${err.message}` : "";
          onMessage({ tone: "error", text: `Failed to upload document. Please try again.${reason}` });
        },
      },
    );
  }

  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
      <Field id={`${id}-course`} label="Course">
        <CourseSelect id={`${id}-course`} courses={courses} courseId={courseId} onChange={onCourseChange} />
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
  );
}
