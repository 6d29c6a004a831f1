import type { UseQueryResult } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Badge, Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { formatDate } from "#shared/date-format.ts";
import type { Material, MaterialType } from "#shared/materials/contract.ts";
import { processingLabel } from "#shared/study/document-status.ts";
import type { MaterialAssistant } from "./material-viewer.tsx";

// The viewer (a Radix dialog, ~12 KB gzip) loads when a material is first opened.
const MaterialViewer = lazy(() => import("./material-viewer.tsx"));
export const TYPE_LABELS: Record<MaterialType, string> = {
  reading: "Reading",
  lecture: "Lecture",
  presentation: "Presentation",
  assignment: "Assignment",
  study_guide: "Study guide",
  other: "Other",
};

/** Buttons another feature adds to a ready material (the app passes summaries' draft buttons). */
export type MaterialActions = ComponentType<{ material: Material }>;

/** The uploaded materials of the chosen course (or all), each with its delete button. */
export function MaterialList({
  materials,
  deleting,
  onDelete,
  Actions,
  Assistant,
}: {
  materials: UseQueryResult<Material[]>;
  deleting: boolean;
  onDelete: (id: number) => void;
  Actions?: MaterialActions;
  Assistant?: MaterialAssistant;
}) {
  const [open, setOpen] = useState<Material | null>(null);
  return (
    <>
      <QueryView
        query={materials}
        pending={<Skeleton className="h-20" />}
        error={() => <Alert>Failed to fetch documents</Alert>}
        empty={<p className="text-sm text-muted">No materials uploaded yet.</p>}
      >
        {(list) => (
          <ul className="grid gap-3">
            {list.map((m) => (
              <li key={m.id}>
                <Card className="flex min-w-0 flex-wrap items-start justify-between gap-3">
                  <div className="grid min-w-0 flex-1 gap-1">
                    <CardTitle className="break-words text-base">{m.title}</CardTitle>
                    <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                      <Badge>{TYPE_LABELS[m.type]}</Badge>
                      <span>{formatDate(new Date(m.createdAt), "MMM d, yyyy")}</span>
                    </div>
                    {m.status === "processing" ? (
                      <p role="status" className="flex items-center gap-2 text-sm text-muted">
                        <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />
                        {processingLabel(m.progress)}
                      </p>
                    ) : m.status === "failed" ? (
                      <Alert>{m.error ?? "This file could not be read."}</Alert>
                    ) : (
                      <p className="break-words text-sm text-muted">{m.content}</p>
                    )}
                  </div>
                  <span className="flex flex-wrap gap-2">
                    {m.status === "ready" && (
                      <>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Open ${m.title}`}
                          onClick={() => setOpen(m)}
                        >
                          Open
                        </Button>
                        {Actions && <Actions material={m} />}
                      </>
                    )}
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Delete ${m.title}`}
                      disabled={deleting}
                      onClick={() => onDelete(m.id)}
                    >
                      Delete
                    </Button>
                  </span>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {open && (
        <Suspense fallback={null}>
          <MaterialViewer material={open} Assistant={Assistant} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
