import { memo, Suspense, useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import {
  useAchievementUnlockToasts,
  useReportTimeZone,
} from "#client/features/achievements/achievements.api.ts";
import { useQuickAddShortcut } from "#client/features/tasks/quick-add-shortcut.ts";
import { markFirstScreen } from "#client/lib/first-screen.ts";
import type { User } from "#shared/auth/contract.ts";
import { OnboardingPage, routesFor } from "./lazy-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
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
  useEffect(markFirstScreen, []);
  return (
    <>
      <SessionWatchers userId={user.id} />
      {onboarding ? (
        // Outside the shell, whose <main> the page would otherwise have.
        <main>
          <OnboardingPage />
        </main>
      ) : (
        <Screens user={user} />
      )}
    </>
  );
}, sameUser);

// The signed-out page keeps its path here: a new account finishes onboarding there.
const SCREENS = [...routesFor("signed-in"), ...routesFor("signed-out")];

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
          {SCREENS.map(({ path, Page }) => (
            <Route key={path} path={path} component={Page} />
          ))}
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
function SessionWatchers({ userId }: { userId: number }) {
  useReportTimeZone(userId);
  useAchievementUnlockToasts();
  useQuickAddShortcut();
  return null;
}
