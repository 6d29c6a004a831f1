import type { UseQueryResult } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { CanvasCoursesError } from "#client/components/canvas-auth-required.tsx";
import { PageHeader } from "#client/components/page-header.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#client/components/ui/card.tsx";
import type { CanvasCourse } from "#shared/courses/contract.ts";
import { calculateGpa, formatGpa, parseCredits } from "#shared/courses/grades.ts";
import { GpaCourseRow } from "./components/gpa-course-row.tsx";
import { Loading, NoCourses, Stat } from "./components/gpa-states.tsx";
import { TargetGpa } from "./components/target-gpa.tsx";
import { useGpaPlan, useSaveTargetGpa } from "./gpa.api.ts";
import { savedCredits, useGpaRows } from "./use-gpa-rows.ts";

type Query<T> = Pick<UseQueryResult<T>, "status" | "data" | "error">;

/** Two queries as one state for QueryView: pending or failed if either is. */
function both<T>(a: Query<T>, b: Query<unknown>): Query<T> {
  const status =
    a.status === "error" || b.status === "error"
      ? "error"
      : a.status === "pending" || b.status === "pending"
        ? "pending"
        : "success";
  return { status, data: a.data, error: a.error ?? b.error } as Query<T>;
}

/**
 * GPA Calculator (SPEC §2.11): completed courses (the courses feature's Canvas cache) with editable grade
 * and credits. Edits and removals are saved for the student (issue 26: they survive a reload and follow
 * them to another device), only change the calculation, and 'Revert to Original' undoes them all. The
 * target GPA counts this term's current courses.
 */
export function GpaView({ courses, current }: { courses: Query<CanvasCourse[]>; current: CanvasCourse[] }) {
  const plan = useGpaPlan();
  const saveTarget = useSaveTargetGpa();
  const gpa = useGpaRows(courses.data, plan.data?.edits);
  const counted = gpa.rows.map((r) => ({
    grade: r.grade,
    credits: parseCredits(r.creditsInput),
    included: true,
  }));
  const summary = calculateGpa(counted);
  const edits = new Map((plan.data?.edits ?? []).map((e) => [e.courseId, e]));
  const term = current.map((c) => ({
    id: c.localId,
    name: c.name,
    credits: savedCredits(c, edits.get(c.localId)),
  }));

  return (
    <div>
      <PageHeader
        title="GPA Calculator"
        subtitle="Calculated from your completed Canvas courses"
        actions={
          courses.data &&
          courses.data.length > 0 && (
            <Button variant="secondary" onClick={gpa.revert} disabled={!gpa.edited}>
              <RotateCcw className="h-4 w-4" aria-hidden /> Revert to Original
            </Button>
          )
        }
      />
      <QueryView
        query={both(courses, plan)}
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
            <TargetGpa
              completed={counted}
              current={term}
              saved={plan.data?.targetGpa ?? null}
              onSave={(t) => saveTarget.mutate(t)}
              onCredits={gpa.saveCredits}
            />
            <Card className="grid gap-3">
              <CardTitle>Courses</CardTitle>
              {gpa.rows.length === 0 ? (
                <CardDescription>All courses removed. Revert to Original brings them back.</CardDescription>
              ) : (
                <ul className="grid gap-3">
                  {gpa.rows.map((row) => (
                    <GpaCourseRow
                      key={row.course.id}
                      row={row}
                      onChange={(patch) =>
                        "grade" in patch
                          ? gpa.setGrade(row.course.localId, patch.grade ?? null)
                          : gpa.type(row.course.localId, patch)
                      }
                      onCreditsDone={(credits, note) => gpa.commitCredits(row.course, credits, note)}
                      onRemove={() => gpa.remove(row.course.localId)}
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
