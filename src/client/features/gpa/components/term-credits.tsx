import { Input } from "#client/components/ui/form.tsx";
import { CREDIT_HOURS } from "#shared/constants.ts";
import { parseCredits } from "#shared/courses/grades.ts";

export interface TermCourse {
  id: number;
  name: string;
  credits: number;
}

/**
 * This term's current courses and the credits each counts toward the target GPA (Canvas sends none: 3
 * unless the student says otherwise). A field is saved when left; after a revert it shows Canvas's value.
 */
export function TermCredits({
  courses,
  onSave,
}: {
  courses: TermCourse[];
  onSave: (courseId: number, credits: number) => void;
}) {
  if (courses.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="This term's courses">
      {courses.map((c) => (
        <li key={c.id} className="flex items-center justify-between gap-3">
          <label htmlFor={`term-credits-${c.id}`} className="min-w-0 text-sm">
            {c.name}
          </label>
          <Input
            // A new saved value (a revert) redraws the field with it.
            key={c.credits}
            id={`term-credits-${c.id}`}
            aria-label={`Credits this term for ${c.name}`}
            type="number"
            inputMode="numeric"
            min={CREDIT_HOURS.min}
            max={CREDIT_HOURS.max}
            step={1}
            className="w-20 shrink-0"
            defaultValue={c.credits}
            onBlur={(e) => {
              const credits = parseCredits(e.currentTarget.value);
              e.currentTarget.value = String(credits);
              if (credits !== c.credits) onSave(c.id, credits);
            }}
          />
        </li>
      ))}
    </ul>
  );
}
