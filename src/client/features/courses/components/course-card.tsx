import { Calculator, ExternalLink } from "lucide-react";
import { Link } from "wouter";
import { Badge, Card } from "#client/components/ui/card.tsx";
import type { CanvasCourse } from "#shared/courses/contract.ts";
import { courseScore } from "#shared/courses/grades.ts";

/**
 * A course with its score in the SPEC §2.5 colours; a click opens the course in Canvas in a new tab. The
 * link is named by what it shows (WCAG 2.5.3, label in name), plus where it goes for screen readers.
 */
export function CourseCard({ course }: { course: CanvasCourse }) {
  const score = courseScore(course);
  const body = (
    <Card className="flex h-full flex-col gap-3 transition-shadow group-hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold leading-snug text-fg">{course.name}</h3>
        {course.html_url && <ExternalLink className="h-4 w-4 shrink-0 text-muted" aria-hidden />}
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        {course.course_code}
        {/* Dropped, or a past course the school hides: its grades are as the last sync read them. */}
        {course.leftCanvas && <Badge title="Grades as last synced">No longer in Canvas</Badge>}
      </p>
      <div className="mt-auto flex items-center gap-2 text-sm">
        <span className="text-muted">{score.label}:</span>
        <Badge tone={score.tone} data-tone={score.tone}>
          {score.text}
        </Badge>
      </div>
    </Card>
  );
  // What-If is for current courses: a completed one's grade is final (the GPA page edits those).
  const whatIf = course.enrollment_state === "active" && (
    <Link
      href={`/courses/${course.localId}`}
      className="mt-2 inline-flex self-start items-center gap-1.5 rounded text-sm font-medium text-link underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Calculator className="h-4 w-4" aria-hidden /> What-If grades
      <span className="sr-only"> for {course.name}</span>
    </Link>
  );
  if (!course.html_url)
    return (
      <li className="flex flex-col">
        {body}
        {whatIf}
      </li>
    );
  return (
    <li className="flex flex-col">
      <a
        href={course.html_url}
        target="_blank"
        rel="noopener noreferrer"
        className="group block flex-1 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {body}
        <span className="sr-only">(opens Canvas in a new tab)</span>
      </a>
      {whatIf}
    </li>
  );
}
