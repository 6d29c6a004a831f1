import type { UseQueryResult } from "@tanstack/react-query";
import { GraduationCap, RotateCcw } from "lucide-react";
import { useMemo, useState } from "react";
import { CanvasCoursesError } from "#client/components/canvas-auth-required.tsx";
import { PageHeader } from "#client/components/page-header.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { CREDIT_HOURS } from "#shared/constants.ts";
import type { CanvasCourse } from "#shared/courses/contract.ts";
import { calculateGpa, formatGpa, initialGrade, parseCredits } from "#shared/courses/grades.ts";
import { GpaCourseRow, type GpaRow } from "./components/gpa-course-row.tsx";

const originalRow = (course: CanvasCourse): GpaRow => ({
  course,
  grade: initialGrade(course),
  creditsInput: String(course.creditHours ?? CREDIT_HOURS.default),
});

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card className="grid content-start gap-1 p-3 sm:p-5" role="region" aria-label={label}>
      <p className="text-xs text-muted sm:text-sm">{label}</p>
      <p className="text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>
    </Card>
  );
}

function Loading() {
  return (
    <div role="status" aria-label="Loading GPA" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-48" />
    </div>
  );
}

function NoCourses() {
  return (
    <Card className="grid justify-items-center gap-2 py-10 text-center">
      <GraduationCap className="h-8 w-8 text-muted" aria-hidden />
      <CardTitle>No courses found</CardTitle>
      <CardDescription>
        Connect your Canvas account in Settings to calculate your GPA from your completed courses.
      </CardDescription>
      <ButtonLink variant="secondary" size="sm" className="mt-2" href="/settings">
        Open Settings
      </ButtonLink>
    </Card>
  );
}

/**
 * GPA Calculator (SPEC §2.11): completed courses (the courses feature's Canvas cache) with editable grade
 * and credits. Edits and removals are local to this screen, only change the calculation, and 'Revert to
 * Original' undoes them all.
 */
export function GpaView({
  courses,
}: {
  courses: Pick<UseQueryResult<CanvasCourse[]>, "status" | "data" | "error">;
}) {
  // Edits overlay the server's list, keyed by course id; removed courses are hidden, not deleted.
  const [edits, setEdits] = useState<Record<string, Partial<GpaRow>>>({});
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const rows = useMemo(
    () =>
      (courses.data ?? [])
        .filter((c) => !removed.has(c.id))
        .map((c) => ({ ...originalRow(c), ...edits[c.id] })),
    [courses.data, edits, removed],
  );
  const summary = calculateGpa(
    rows.map((r) => ({ grade: r.grade, credits: parseCredits(r.creditsInput), included: true })),
  );
  const edited = Object.keys(edits).length > 0 || removed.size > 0;
  const revert = () => {
    setEdits({});
    setRemoved(new Set());
  };

  return (
    <div>
      <PageHeader
        title="GPA Calculator"
        subtitle="Calculated from your completed Canvas courses"
        actions={
          courses.data &&
          courses.data.length > 0 && (
            <Button variant="secondary" onClick={revert} disabled={!edited}>
              <RotateCcw className="h-4 w-4" aria-hidden /> Revert to Original
            </Button>
          )
        }
      />
      <QueryView
        query={courses}
        pending={<Loading />}
        error={(err) => <CanvasCoursesError error={err} />}
        empty={<NoCourses />}
      >
        {() => (
          <div className="grid gap-6">
            <div className="grid grid-cols-3 gap-2 sm:gap-4">
              <Stat label="Current GPA" value={formatGpa(summary.gpa)} />
              <Stat label="Total Credit Hours" value={summary.totalCredits} />
              <Stat label="Courses Included" value={summary.coursesIncluded} />
            </div>
            <Card className="grid gap-3">
              <CardTitle>Courses</CardTitle>
              {rows.length === 0 ? (
                <CardDescription>All courses removed. Revert to Original brings them back.</CardDescription>
              ) : (
                <ul className="grid gap-3">
                  {rows.map((row) => (
                    <GpaCourseRow
                      key={row.course.id}
                      row={row}
                      onChange={(patch) =>
                        setEdits((e) => ({ ...e, [row.course.id]: { ...e[row.course.id], ...patch } }))
                      }
                      onRemove={() => setRemoved((r) => new Set(r).add(row.course.id))}
                    />
                  ))}
                </ul>
              )}
            </Card>
          </div>
        )}
      </QueryView>
    </div>
  );
}
