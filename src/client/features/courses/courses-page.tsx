import { BookOpen, RefreshCw } from "lucide-react";
import { CanvasCoursesError } from "#client/components/canvas-auth-required.tsx";
import { PageHeader } from "#client/components/page-header.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { cn } from "#client/lib/cn.ts";
import type { CanvasCourse } from "#shared/courses/contract.ts";
import { CourseCard } from "./components/course-card.tsx";
import { useMyCourses, useRefreshMyCourses } from "./courses.api.ts";

function CourseGroup({ title, courses }: { title: string; courses: CanvasCourse[] }) {
  const id = `courses-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title} ({courses.length})
      </h2>
      {courses.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {courses.map((c) => (
            <CourseCard key={c.id} course={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Loading courses" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="grid gap-3">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-6 w-24" />
        </Card>
      ))}
    </div>
  );
}

/** My Courses (SPEC §2.5): Canvas courses grouped by enrollment state, from the server's cache. */
export function CoursesPage() {
  const courses = useMyCourses();
  const refresh = useRefreshMyCourses();
  const error = courses.error ?? refresh.error;

  return (
    <div>
      <PageHeader
        title="My Courses"
        subtitle="Your Canvas courses and grades"
        actions={
          !!courses.data?.length && (
            <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
              <RefreshCw className={cn("h-4 w-4", refresh.isPending && "animate-spin")} aria-hidden />
              {refresh.isPending ? "Refreshing..." : "Refresh"}
            </Button>
          )
        }
      />
      {error && <CanvasCoursesError error={error} />}
      <QueryView
        query={courses}
        pending={<Loading />}
        // The error shows above, with the Refresh button's.
        error={() => null}
        empty={
          <Card className="grid justify-items-center gap-2 py-10 text-center">
            <BookOpen className="h-8 w-8 text-muted" aria-hidden />
            <CardTitle>No courses found</CardTitle>
            <CardDescription>Connect your Canvas account in Settings to view your courses.</CardDescription>
            <ButtonLink variant="secondary" size="sm" className="mt-2" href="/settings">
              Open Settings
            </ButtonLink>
          </Card>
        }
      >
        {(list) => (
          <div className={cn("grid gap-8", error && "mt-6")}>
            <CourseGroup
              title="Active Courses"
              courses={list.filter((c) => c.enrollment_state === "active")}
            />
            <CourseGroup
              title="Completed Courses"
              courses={list.filter((c) => c.enrollment_state === "completed")}
            />
          </div>
        )}
      </QueryView>
    </div>
  );
}
