import { useLocation } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#client/components/ui/card.tsx";
import { useCompleteOnboarding } from "#client/features/auth/auth.api.ts";
import { CanvasConnectForm } from "#client/features/canvas/components/canvas-connect-form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";

/** Onboarding step 2: connect Canvas, try the demo, or skip. */
export function CanvasStep() {
  const complete = useCompleteOnboarding();
  const [, navigate] = useLocation();
  const skip = () =>
    complete.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Setup skipped", description: "You can connect Canvas any time from Settings." });
        navigate("/");
      },
      onError: (err) =>
        toast({ title: "Something went wrong", description: errorMessage(err), variant: "destructive" }),
    });
  return (
    <Card className="grid gap-4">
      <div>
        <CardTitle className="text-lg">Connect Your Canvas Account</CardTitle>
        <CardDescription>
          Import your courses, assignments and grades. You can connect Canvas any time from Settings →
          Integrations.
        </CardDescription>
      </div>
      <CanvasConnectForm
        variant="onboarding"
        onConnected={() => navigate("/")}
        actions={
          <Button variant="secondary" onClick={skip} disabled={complete.isPending}>
            Skip for Now
          </Button>
        }
      />
    </Card>
  );
}
