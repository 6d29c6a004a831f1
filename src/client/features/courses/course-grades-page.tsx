import { ArrowLeft, ClipboardList } from "lucide-react";
import { useParams } from "wouter";
import { usePageTitle } from "#client/components/page-header.tsx";
import { EmptyState, QueryView } from "#client/components/query-view.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Skeleton } from "#client/components/ui/card.tsx";
import { WhatIfEditor } from "./components/what-if-editor.tsx";
import { useCourseGrades } from "./courses.api.ts";

function Loading() {
  return (
    <div role="status" aria-label="Loading grades" className="grid gap-4">
      <Skeleton className="h-24" />
      <Skeleton className="h-48" />
    </div>
  );
}

/** /courses/:id: a current Canvas course's grades with What-If scores (issue 26 §5). */
export function CourseGradesPage() {
  const { id } = useParams<{ id: string }>();
  const grades = useCourseGrades(Number(id));
  usePageTitle(grades.data?.name);
  return (
    <div>
      <ButtonLink variant="ghost" size="sm" href="/courses" className="mb-2">
        <ArrowLeft className="h-4 w-4" aria-hidden /> My Courses
      </ButtonLink>
      <QueryView query={grades} pending={<Loading />} error="Could not load this course's grades.">
        {(data) => (
          <>
            <div className="mb-6">
              <h1 className="text-2xl font-bold tracking-tight">{data.name}</h1>
              <p className="mt-1 text-sm text-muted">
                {data.code} · What-If grades{data.weighted ? ", groups weighted" : ", by points"}
              </p>
            </div>
            {data.groups.length === 0 ? (
              <EmptyState
                icon={<ClipboardList className="h-8 w-8 text-muted" aria-hidden />}
                title="No assignment groups yet"
              >
                Sync Canvas to bring this course's assignments and their weights in.
              </EmptyState>
            ) : (
              <WhatIfEditor key={data.courseId} grades={data} />
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
