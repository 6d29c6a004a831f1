import { Suspense, useEffect, useState } from "react";
import { Route, Switch } from "wouter";
import { LoadingScreen } from "#client/components/loading-screen.tsx";
import { useMe } from "#client/features/auth/auth.api.ts";
import { authToken } from "#client/lib/api.ts";
import { OnboardingPage, page, preloadPage, routesFor } from "./lazy-page.tsx";
import { loadSignedInApp } from "./load-signed-in-app.ts";

// The shell is not in the route table: it imports the table (load-signed-in-app.ts says why).
const SignedInApp = page(loadSignedInApp, "SignedInApp");

/**
 * The shell's and this path's page code (boot.ts has already started both downloads), settled once both
 * are here or one failed: a failed download is retried, and reported, by React.lazy.
 */
const preloadSignedIn = (pathname: string): Promise<unknown> =>
  Promise.allSettled([SignedInApp.preload(), preloadPage(pathname)]);

/** Settled once a signed-in load's code is here (main.tsx draws the first screen then); none signed out. */
export const signedInCode = authToken.get() ? preloadSignedIn(window.location.pathname) : undefined;

// Set before main.tsx's first draw, which waits on the same promise: that draw is the real screen, not a
// loading screen over the first paint boot.ts drew (app/first-paint.ts) and then the screen again.
let codeSettled = !signedInCode;
void signedInCode?.finally(() => {
  codeSettled = true;
});

const PUBLIC_ROUTES = routesFor("public");

/** False until the signed-in load's code is here (or failed); true at once without one. */
function useCodeSettled() {
  const [settled, setSettled] = useState(codeSettled);
  useEffect(() => {
    if (!settled) void signedInCode?.finally(() => setSettled(true));
  }, [settled]);
  return settled;
}

export function AppRouter() {
  const me = useMe();
  // A signed-in first load draws the shell and its page in one go, once the session and their code are
  // both here, instead of a loading screen per lazy piece.
  const codeReady = useCodeSettled();
  if (me.isPending || (me.data && !codeReady)) return <LoadingScreen />;
  const user = me.data ?? null;

  return (
    <Suspense fallback={<LoadingScreen />}>
      <Switch>
        {PUBLIC_ROUTES.map(({ path, Page }) => (
          <Route key={path} path={path} component={Page} />
        ))}
        {!user ? (
          // Signed out: every other path is onboarding (SPEC §2.1). Outside the shell, so it brings the
          // page's one main landmark itself.
          <Route>
            <main>
              <OnboardingPage />
            </main>
          </Route>
        ) : (
          <Route>
            <SignedInApp user={user} />
          </Route>
        )}
      </Switch>
    </Suspense>
  );
}
