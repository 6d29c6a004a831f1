import { useMemo, useState } from "react";
import { CREDIT_HOURS } from "#shared/constants.ts";
import type { CanvasCourse } from "#shared/courses/contract.ts";
import { initialGrade } from "#shared/courses/grades.ts";
import type { GpaEdit } from "#shared/courses/grades-contract.ts";
import type { GpaRow } from "./components/gpa-course-row.tsx";
import { useRevertGpa, useSaveGpaEdit } from "./gpa.api.ts";

const originalRow = (course: CanvasCourse): GpaRow => ({
  course,
  grade: initialGrade(course),
  creditsInput: String(course.creditHours ?? CREDIT_HOURS.default),
});

/** Canvas's row with the student's saved edit over it. */
function editedRow(course: CanvasCourse, edit: GpaEdit | undefined): GpaRow {
  const row = originalRow(course);
  if (!edit) return row;
  return {
    ...row,
    ...(edit.grade !== undefined ? { grade: edit.grade } : {}),
    ...(edit.credits !== undefined ? { creditsInput: String(edit.credits) } : {}),
  };
}

/** The credits a course counts: its saved edit, else Canvas's, else the default. */
export const savedCredits = (course: CanvasCourse, edit: GpaEdit | undefined) =>
  edit?.credits ?? course.creditHours ?? CREDIT_HOURS.default;

/**
 * The GPA rows: Canvas's courses, the saved edits (server, per student) and what is being typed in a
 * credits field (saved when the field is left). Removed courses are hidden, not deleted.
 */
export function useGpaRows(courses: CanvasCourse[] | undefined, edits: GpaEdit[] | undefined) {
  const [typing, setTyping] = useState<Record<number, Partial<GpaRow>>>({});
  const save = useSaveGpaEdit();
  const revert = useRevertGpa();
  const byCourse = useMemo(() => new Map((edits ?? []).map((e) => [e.courseId, e])), [edits]);
  const rows = (courses ?? [])
    .filter((c) => !byCourse.get(c.localId)?.removed)
    .map((c) => ({ ...editedRow(c, byCourse.get(c.localId)), ...typing[c.localId] }));
  const type = (courseId: number, patch: Partial<GpaRow>) =>
    setTyping((t) => ({ ...t, [courseId]: { ...t[courseId], ...patch } }));
  return {
    rows,
    edited: byCourse.size > 0 || Object.keys(typing).length > 0,
    type,
    setGrade: (courseId: number, grade: GpaRow["grade"]) => save.mutate({ courseId, input: { grade } }),
    /** The field shows the counted value and the note says why it changed; the count is saved. */
    commitCredits: (course: CanvasCourse, credits: number, note: string | null) => {
      const unchanged = credits === savedCredits(course, byCourse.get(course.localId));
      // Leaving a field untouched saves nothing, so Revert stays off until something is changed.
      if (unchanged && note === null) {
        setTyping(({ [course.localId]: _, ...rest }) => rest);
        return;
      }
      type(course.localId, { creditsInput: String(credits), creditsNote: note });
      if (!unchanged) save.mutate({ courseId: course.localId, input: { credits } });
    },
    /** A current course's credits for the target GPA (no field state of its own to keep). */
    saveCredits: (courseId: number, credits: number) => save.mutate({ courseId, input: { credits } }),
    remove: (courseId: number) => save.mutate({ courseId, input: { removed: true } }),
    revert: () => {
      setTyping({});
      revert.mutate();
    },
  };
}
