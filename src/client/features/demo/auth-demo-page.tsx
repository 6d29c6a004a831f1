import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#client/components/ui/card.tsx";

/** Static demo of the auth states; it makes no calls and stores nothing. */
export function AuthDemoPage() {
  const [signedIn, setSignedIn] = useState(false);
  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Auth demo</h1>
      <Card className="grid gap-3">
        <CardTitle>{signedIn ? "Signed in as Demo Student" : "Signed out"}</CardTitle>
        <CardDescription>
          This page only toggles a local flag to show both states. No real sign-in happens here.
        </CardDescription>
        <Button onClick={() => setSignedIn((s) => !s)}>{signedIn ? "Fake sign out" : "Fake sign in"}</Button>
      </Card>
    </div>
  );
}
