import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The month's or week's caption, read out as it changes, and its Previous/Next buttons. `unit` names
 * them ('Go to the Previous Month'); `onStep` gets -1 or 1.
 */
export function CalendarCaption({
  id,
  unit,
  onStep,
  className,
  children,
}: {
  id: string;
  unit: "Month" | "Week";
  onStep: (direction: -1 | 1) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <span id={id} role="status" aria-live="polite" className="pl-2 text-lg font-bold">
        {children}
      </span>
      <div className="flex">
        {(
          [
            [`Go to the Previous ${unit}`, -1, ChevronLeft],
            [`Go to the Next ${unit}`, 1, ChevronRight],
          ] as const
        ).map(([label, direction, Icon]) => (
          <button
            key={label}
            type="button"
            aria-label={label}
            className="grid h-10 w-10 place-items-center rounded-full text-accent hover:bg-bg focus-visible:outline-2 focus-visible:outline-accent"
            onClick={() => onStep(direction)}
          >
            <Icon className="h-5 w-5" aria-hidden />
          </button>
        ))}
      </div>
    </div>
  );
}
