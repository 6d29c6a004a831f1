import { Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { LoadingScreen } from "#client/components/loading-screen.tsx";
import { useMe } from "#client/features/auth/auth.api.ts";
import type { User } from "#shared/auth.ts";
import { NotFoundPage } from "./not-found-page.tsx";
import * as P from "./routes.tsx";
import { Shell } from "./shell.tsx";

export function AppRouter() {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  const user = me.data ?? null;

  return (
    <Suspense fallback={<LoadingScreen />}>
      <Switch>
        <Route path="/share/:shareCode" component={P.SharePage} />
        <Route path="/auth-demo" component={P.AuthDemoPage} />
        <Route path="/header-demo" component={P.HeaderDemoPage} />
        {!user ? (
          // Signed out: every other path is onboarding (SPEC §2.1).
          <Route component={P.OnboardingPage} />
        ) : (
          <Route>
            <SignedInApp user={user} />
          </Route>
        )}
      </Switch>
    </Suspense>
  );
}

function SignedInApp({ user }: { user: User }) {
  const [location] = useLocation();
  // A new account finishes onboarding (the Canvas step) before it sees its home page.
  if (!user.isOnboarded && (location === "/" || location === "/onboarding")) return <P.OnboardingPage />;
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
          <Route path="/friends" component={P.FriendsPage} />
          <Route path="/achievements" component={P.AchievementsPage} />
          <Route path="/gpa" component={P.GpaPage} />
          <Route path="/settings" component={P.SettingsPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </Shell>
  );
}
