import { addDays, parseISO, startOfWeek } from "date-fns";
import { memo, useLayoutEffect, useMemo, useRef } from "react";
import type { Heatmap } from "#shared/achievements/contract.ts";

const CELL = 11;
const GAP = 2;
const WEEKS = 53;
/** Minutes thresholds for the four shades above "none". */
const LEVELS = [1, 30, 60, 120];
const SHADES = ["var(--color-border)", "#bbf7d0", "#4ade80", "#16a34a", "#14532d"];

const shade = (minutes: number) => SHADES[LEVELS.filter((l) => minutes >= l).length]!;
const pad = (n: number) => String(n).padStart(2, "0");
/** 'yyyy-MM-dd' of a local date: date-fns format() for each of 371 cells was most of the render. */
const dayName = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function cellsOf(data: Heatmap, today: string) {
  const minutes = new Map(data.days.map((d) => [d.date, d.minutes]));
  const end = parseISO(today);
  const start = startOfWeek(addDays(end, -7 * (WEEKS - 1)));
  const cells: { x: number; y: number; date: string; m: number }[] = [];
  for (let d = start, i = 0; d <= end; d = addDays(d, 1), i++) {
    const date = dayName(d);
    cells.push({ x: Math.floor(i / 7), y: i % 7, date, m: minutes.get(date) ?? 0 });
  }
  const studied = data.days.filter((d) => d.date >= dayName(start));
  return { cells, studied, total: studied.reduce((s, d) => s + d.minutes, 0) };
}

/**
 * Last 12 months of study, one square per local day (the server counts days in the student's zone), as a
 * small SVG grid: columns are weeks, rows weekdays. A text summary carries the same data for screen readers.
 */
// Memoised: the page re-renders as its other queries arrive, and 371 cells need not be drawn again.
export const StudyHeatmap = memo(function StudyHeatmap({ data, today }: { data: Heatmap; today: string }) {
  const { cells, studied, total } = useMemo(() => cellsOf(data, today), [data, today]);
  const daysStudied = `${studied.length} ${studied.length === 1 ? "day" : "days"} studied`;
  const region = useRef<HTMLElement>(null);
  // Today is the last column: a narrow screen (360 px shows ~5 months) opens on it, not on the oldest
  // weeks (issue 26). Before paint, so the grid never flashes at its start.
  useLayoutEffect(() => {
    const el = region.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, []);
  return (
    <figure className="grid gap-2">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <section ref={region} className="overflow-x-auto" tabIndex={0} aria-label="Study heatmap, scrollable">
        <svg
          role="img"
          aria-label={`Study heatmap: ${daysStudied}, ${total} minutes in the last 12 months`}
          width={WEEKS * (CELL + GAP)}
          height={7 * (CELL + GAP)}
          className="block"
        >
          {cells.map((c) => (
            <rect
              key={c.date}
              x={c.x * (CELL + GAP)}
              y={c.y * (CELL + GAP)}
              width={CELL}
              height={CELL}
              rx={2}
              fill={shade(c.m)}
              data-date={c.date}
            >
              <title>{`${c.date}: ${c.m} min`}</title>
            </rect>
          ))}
        </svg>
      </section>
      <figcaption className="text-sm text-muted">
        {daysStudied}, {Math.floor(total / 60)} h {total % 60} m in the last 12 months
      </figcaption>
    </figure>
  );
});
