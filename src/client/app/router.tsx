import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { LoadingScreen } from "#client/components/loading-screen.tsx";
import { useMe } from "#client/features/auth/auth.api.ts";
import { authToken } from "#client/lib/api.ts";
import * as P from "./routes.tsx";

if (authToken.get()) P.preloadSignedIn(window.location.pathname);

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
            <P.SignedInApp user={user} />
          </Route>
        )}
      </Switch>
    </Suspense>
  );
}
