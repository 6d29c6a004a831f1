import { Award, BookOpen, Calendar, CheckCircle2, Clock, Flame, Star, Trophy } from "lucide-react";
import { Link, useParams } from "wouter";
import { QueryView } from "#client/components/query-view.tsx";
import { Alert, Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { ApiError } from "#client/lib/api.ts";
import type { SharedProgress } from "#shared/achievements/share.ts";
import { useSharedProgress } from "./share.api.ts";

/** SPEC §8 share page messages, chosen by the error's code (never its text). */
export function shareErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.code === "not_found")
    return "This shared link does not exist or has been removed";
  if (err instanceof ApiError && err.code === "gone") return "This shared link has expired";
  return "Failed to load shared data";
}

const ICONS = { award: Award, trophy: Trophy, flame: Flame, "book-open": BookOpen, calendar: Calendar };
const goHome = (
  <Link
    href="/"
    className="inline-flex h-10 items-center rounded-md bg-accent-strong px-4 text-sm font-medium text-white hover:bg-accent-stronger"
  >
    Go Home
  </Link>
);

function ShareError({ message }: { message: string }) {
  return (
    <Card className="grid justify-items-center gap-4 text-center">
      <Alert className="w-full">{message}</Alert>
      {goHome}
    </Card>
  );
}

/** SPEC §2.10: public, outside the signed-in shell, so it carries its own padded layout. */
export function SharePage() {
  const { shareCode = "" } = useParams<{ shareCode: string }>();
  const code = shareCode.trim();
  const shared = useSharedProgress(code);

  return (
    <main className="mx-auto grid min-h-screen max-w-3xl content-start gap-6 px-4 py-8 sm:py-12">
      <h1 className="text-center text-2xl font-bold tracking-tight sm:text-3xl">Study Stats Showcase</h1>
      {code === "" ? (
        <ShareError message="Invalid share code" />
      ) : (
        <QueryView
          query={shared}
          pending={
            <div className="grid gap-4 sm:grid-cols-2" role="status" aria-label="Loading shared stats">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </div>
          }
          error={(err) => <ShareError message={shareErrorMessage(err)} />}
        >
          {(data) => <SharedStats data={data} />}
        </QueryView>
      )}
    </main>
  );
}

function StatCard({ icon: Icon, label, value }: { icon: typeof Clock; label: string; value: string }) {
  return (
    <Card className="flex items-center gap-3">
      <Icon className="h-6 w-6 shrink-0 text-accent" aria-hidden />
      <div className="min-w-0">
        <p className="text-sm text-muted">{label}</p>
        <p className="text-xl font-semibold">{value}</p>
      </div>
    </Card>
  );
}

function SharedStats({ data }: { data: SharedProgress }) {
  const { studyStats: s, shareSettings: on, achievements } = data;
  const minutes = Math.max(0, Math.floor(s.totalStudyTime ?? 0));
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {on.studyTime && s.totalStudyTime !== undefined && (
          <StatCard icon={Clock} label="Study Time" value={`${Math.floor(minutes / 60)}h ${minutes % 60}m`} />
        )}
        {on.streak && s.currentStudyStreak !== undefined && (
          <StatCard
            icon={Flame}
            label="Study Streak"
            value={`${s.currentStudyStreak} ${s.currentStudyStreak === 1 ? "day" : "days"}`}
          />
        )}
        {on.level && s.level !== undefined && (
          <StatCard icon={Star} label="Level" value={`${s.level} (${s.totalPoints} points)`} />
        )}
        <StatCard icon={CheckCircle2} label="Completed Tasks" value={String(s.totalTasksCompleted)} />
      </div>
      {on.achievements && achievements && (
        <Card className="grid gap-3">
          <CardTitle>Unlocked Achievements</CardTitle>
          {achievements.length === 0 ? (
            <p className="text-sm text-muted">No Achievements Shared</p>
          ) : (
            <ul className="grid gap-3">
              {achievements.map((a) => {
                const Icon = ICONS[a.achievement.icon as keyof typeof ICONS] ?? Award;
                return (
                  <li key={a.achievementId} className="flex gap-3">
                    <Icon className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
                    <div className="min-w-0">
                      <p className="break-words font-medium">{a.achievement.title}</p>
                      <p className="break-words text-sm text-muted">{a.achievement.description}</p>
                      <p className="text-xs text-muted">
                        {a.achievement.pointValue} pts · {a.achievement.category} · Unlocked on{" "}
                        {new Date(a.earnedAt).toLocaleDateString()}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      )}
      <Card className="grid justify-items-center gap-3 text-center">
        <p className="text-sm text-muted">
          Track your own study time, streaks and achievements with Studyhall.
        </p>
        {goHome}
      </Card>
    </>
  );
}
