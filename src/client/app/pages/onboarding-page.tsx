import { Check, GraduationCap } from "lucide-react";
import { lazy, Suspense } from "react";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { useMe } from "#client/features/auth/auth.api.ts";
import { SignInForm } from "#client/features/auth/components/sign-in-form.tsx";
import { SignUpForm } from "#client/features/auth/components/sign-up-form.tsx";
import { cn } from "#client/lib/cn.ts";

// Only a student who has just signed up sees it: not part of the landing page's first load.
const CanvasStep = lazy(async () => ({ default: (await import("./onboarding-canvas-step.tsx")).CanvasStep }));

const STEPS = ["Account Setup", "Canvas Integration"] as const;

function StepIndicator({ current }: { current: 0 | 1 }) {
  return (
    <ol className="mb-6 flex items-center justify-center gap-3" aria-label="Onboarding progress">
      {STEPS.map((label, i) => (
        <li key={label} className="flex items-center gap-2" aria-current={i === current ? "step" : undefined}>
          <span
            className={cn(
              "flex h-7 w-7 items-center justify-center rounded-full text-sm font-semibold",
              i < current
                ? "bg-green-600 text-white"
                : i === current
                  ? "bg-accent-strong text-white"
                  : "bg-border text-muted",
            )}
          >
            {i < current ? <Check className="h-4 w-4" aria-hidden /> : i + 1}
          </span>
          <span className={cn("text-sm", i === current ? "font-semibold text-fg" : "text-muted")}>
            {label}
          </span>
          {i === 0 && <span aria-hidden className="mx-1 h-px w-8 bg-border" />}
        </li>
      ))}
    </ol>
  );
}

function AccountStep() {
  // Arriving from a password reset (reset-password-page.tsx): straight to Sign In, saying why.
  const afterReset = Boolean((window.history.state as Record<string, unknown> | null)?.passwordReset);
  // After sign-up or sign-in the auth state changes and this page moves to the next step by itself.
  return (
    <Card>
      <Tabs defaultValue={afterReset ? "signin" : "signup"}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
          <TabsTrigger value="signin">Sign In</TabsTrigger>
        </TabsList>
        <TabsContent value="signup">
          <SignUpForm />
        </TabsContent>
        <TabsContent value="signin">
          <SignInForm
            notice={afterReset ? "Your password is changed. Sign in with your new password." : undefined}
          />
        </TabsContent>
      </Tabs>
    </Card>
  );
}

function WelcomeCard({ firstName }: { firstName: string }) {
  return (
    <Card className="grid gap-3 text-center">
      <CardTitle className="text-lg">Welcome, {firstName}!</CardTitle>
      <CardDescription>Your account is set up. Everything is ready on your dashboard.</CardDescription>
      <ButtonLink className="justify-self-center" href="/">
        Go to Dashboard
      </ButtonLink>
    </Card>
  );
}

export function OnboardingPage() {
  const me = useMe();
  const user = me.data ?? null;
  return (
    <div className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-xl">
        <div className="mb-6 text-center">
          <GraduationCap className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <h1 className="mt-2 text-2xl font-bold">Welcome to Studyhall</h1>
          <p className="text-sm text-muted">Your tasks, courses and study tools in one place.</p>
        </div>
        <StepIndicator current={user ? 1 : 0} />
        {!user ? (
          <AccountStep />
        ) : user.isOnboarded ? (
          <WelcomeCard firstName={user.firstName} />
        ) : (
          <Suspense fallback={<Skeleton className="h-64" />}>
            <CanvasStep />
          </Suspense>
        )}
      </div>
    </div>
  );
}
