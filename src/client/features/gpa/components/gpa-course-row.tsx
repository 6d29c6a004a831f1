import { Trash2 } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Badge } from "#client/components/ui/card.tsx";
import { Input, Select } from "#client/components/ui/form.tsx";
import { cn } from "#client/lib/cn.ts";
import { CREDIT_HOURS } from "#shared/constants.ts";
import type { CanvasCourse } from "#shared/courses/contract.ts";
import { creditsNote, GRADES, type Grade, parseCredits } from "#shared/courses/grades.ts";

export interface GpaRow {
  course: CanvasCourse;
  grade: Grade | null;
  /** What the student typed; the calculation reads it through parseCredits. */
  creditsInput: string;
  /** Why the field was changed to the counted value when the student left it (creditsNote). */
  creditsNote?: string | null;
}

export function GpaCourseRow({
  row,
  onChange,
  onCreditsDone,
  onRemove,
}: {
  row: GpaRow;
  onChange: (patch: Partial<Omit<GpaRow, "course">>) => void;
  /** The field was left: the credits it counts and why that differs from the entry (or null). */
  onCreditsDone: (credits: number, note: string | null) => void;
  onRemove: () => void;
}) {
  const { course } = row;
  const gradeId = `gpa-grade-${course.id}`;
  const creditsId = `gpa-credits-${course.id}`;
  // While typing, an entry the calculation cannot count as typed is an error; once the field has been
  // corrected to the counted value, the note stays as an explanation.
  const live = row.creditsNote ? null : creditsNote(row.creditsInput);
  const note = row.creditsNote ?? live;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-fg">{course.name}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          {course.course_code}
          <Badge>{course.enrollment_state}</Badge>
          {course.leftCanvas && <Badge>No longer in Canvas</Badge>}
          {!row.grade && <Badge tone="yellow">Not counted: no grade</Badge>}
        </p>
      </div>
      <div className="flex items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={gradeId} className="text-xs text-muted">
            Grade
          </label>
          <Select
            id={gradeId}
            aria-label={`Grade for ${course.name}`}
            className="w-24"
            value={row.grade ?? ""}
            onChange={(e) => onChange({ grade: (e.target.value || null) as Grade | null })}
          >
            <option value="">N/A</option>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={creditsId} className="text-xs text-muted">
            Credits
          </label>
          <Input
            id={creditsId}
            aria-label={`Credits for ${course.name}`}
            type="number"
            inputMode="numeric"
            min={CREDIT_HOURS.min}
            max={CREDIT_HOURS.max}
            step={1}
            className="w-20"
            value={row.creditsInput}
            aria-invalid={live ? true : undefined}
            aria-describedby={note ? `${creditsId}-note` : undefined}
            onChange={(e) => onChange({ creditsInput: e.target.value, creditsNote: null })}
            // The field then shows what the calculation counts; the note says why it changed.
            onBlur={() => onCreditsDone(parseCredits(row.creditsInput), creditsNote(row.creditsInput))}
          />
        </div>
        <Button variant="ghost" size="icon" aria-label={`Remove ${course.name}`} onClick={onRemove}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {note && (
        <p
          id={`${creditsId}-note`}
          role="status"
          className={cn("text-xs sm:basis-full", live ? "text-red-700 dark:text-red-400" : "text-muted")}
        >
          {note}
        </p>
      )}
    </li>
  );
}
