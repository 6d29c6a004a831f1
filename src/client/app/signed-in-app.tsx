import { memo, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import {
  useAchievementUnlockToasts,
  useReportTimeZone,
} from "#client/features/achievements/achievements.api.ts";
import { useQuickAddShortcut } from "#client/features/tasks/quick-add-shortcut.ts";
import type { User } from "#shared/auth/contract.ts";
import { NotFoundPage } from "./not-found-page.tsx";
import * as P from "./routes.tsx";
import { Shell } from "./shell.tsx";

// Its own chunk: the shell and what it loads on every page (zod schemas, Canvas and settings calls) are
// not part of the signed-out landing page. No Radix Tooltip.Provider here: no screen shows a tooltip, and
// the provider alone put ~10 KB of floating-ui (gzip) on every signed-in route. Memoised on the user's
// value: the session check's answer replaces the user a reload drew with (lib/api.ts sessionUser), and
// the same user again must not draw the whole screen again.
export const SignedInApp = memo(function SignedInApp({ user }: { user: User }) {
  const [location] = useLocation();
  // A new account finishes onboarding (the Canvas step) before it sees its home page.
  const onboarding = !user.isOnboarded && (location === "/" || location === "/onboarding");
  return (
    <>
      <SessionWatchers />
      {onboarding ? (
        // Outside the shell, whose <main> the page would otherwise have.
        <main>
          <P.OnboardingPage />
        </main>
      ) : (
        <Screens user={user} />
      )}
    </>
  );
}, sameUser);

function Screens({ user }: { user: User }) {
  return (
    <Shell user={user}>
      <Suspense
        fallback={
          <div role="status" className="text-muted">
            Loading...
          </div>
        }
      >
        <Switch>
          <Route path="/" component={P.DashboardPage} />
          <Route path="/onboarding" component={P.OnboardingPage} />
          <Route path="/tasks" component={P.TasksPage} />
          <Route path="/calendar" component={P.CalendarPage} />
          <Route path="/courses" component={P.CoursesPage} />
          <Route path="/study" component={P.StudyPage} />
          <Route path="/study/review" component={P.ReviewPage} />
          <Route path="/friends" component={P.FriendsPage} />
          <Route path="/friends/groups/:id" component={P.GroupPage} />
          <Route path="/friends/groups/:id/sets/:setId" component={P.SharedSetPage} />
          <Route path="/achievements" component={P.AchievementsPage} />
          <Route path="/gpa" component={P.GpaPage} />
          <Route path="/materials" component={P.MaterialsPage} />
          <Route path="/summarize" component={P.SummarizePage} />
          <Route path="/settings" component={P.SettingsPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </Shell>
  );
}

function sameUser(a: { user: User }, b: { user: User }) {
  return JSON.stringify(a.user) === JSON.stringify(b.user);
}

/**
 * What runs for the whole session, in a leaf of its own: the earned list's answers re-render only this,
 * not the screen (they once made every page draw again).
 */
function SessionWatchers() {
  useReportTimeZone();
  useAchievementUnlockToasts();
  useQuickAddShortcut();
  return null;
}
