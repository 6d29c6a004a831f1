import { Badge, type BadgeTone, Card } from "#client/components/ui/card.tsx";
import type { Achievement } from "#shared/achievements/contract.ts";
import { formatDate } from "#shared/date-format.ts";
import { CategoryIcon, HintIcon } from "./achievement-icon.tsx";

/** SPEC §2.9 difficulty badge colours. */
const DIFFICULTY_TONE: Record<Achievement["difficulty"], BadgeTone> = {
  easy: "green",
  medium: "yellow",
  hard: "red",
};

export function AchievementCard({ a }: { a: Achievement }) {
  const secret = a.title === null;
  const title = a.title ?? "Hidden achievement";
  return (
    <Card
      className={`grid min-w-0 gap-2 p-4 ${a.earned ? "" : "opacity-90"}`}
      data-testid="achievement-card"
      data-earned={a.earned}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="rounded-lg bg-bg p-2 text-accent-strong">
          <CategoryIcon category={a.category} className="h-5 w-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 className="break-words font-semibold">{title}</h3>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={DIFFICULTY_TONE[a.difficulty]}>{a.difficulty}</Badge>
            <span className="text-xs text-muted">{a.points} pts</span>
            {a.isHidden && !a.earned && (
              <span className="inline-flex items-center gap-1 text-xs text-muted">
                <HintIcon aria-hidden className="h-4 w-4" />
                <span>Hidden: keep studying to reveal it</span>
              </span>
            )}
          </div>
        </div>
      </div>
      {!secret && <p className="break-words text-sm text-muted">{a.description}</p>}
      {!a.earned && a.progress > 0 && (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={`${title} progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(a.progress)}
            className="h-2 overflow-hidden rounded-full bg-border"
          >
            <div className="h-full bg-accent-strong" style={{ width: `${a.progress}%` }} />
          </div>
          <span className="text-xs text-muted">{Math.floor(a.progress)}%</span>
        </div>
      )}
      {a.earned && a.earnedAt && (
        <p className="text-xs font-medium text-green-800 dark:text-green-300">
          Earned on {formatDate(new Date(a.earnedAt), "MMM d, yyyy")}
        </p>
      )}
    </Card>
  );
}
