import { GraduationCap } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";

/** Static demo of the top bar in both auth states; no calls are made. */
export function HeaderDemoPage() {
  const [signedIn, setSignedIn] = useState(true);
  return (
    <div className="grid gap-6">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4">
          <GraduationCap className="h-6 w-6 text-accent" aria-hidden />
          <span className="font-semibold">Studyhall</span>
          <span className="ml-auto text-sm text-muted">{signedIn ? "Welcome, Demo" : "Not signed in"}</span>
          <Button variant="secondary" size="sm" onClick={() => setSignedIn((s) => !s)}>
            {signedIn ? "Sign Out" : "Sign In"}
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4">
        <h1 className="text-2xl font-bold">Header demo</h1>
        <p className="text-sm text-muted">
          A static preview of the header. The buttons toggle a local flag only.
        </p>
      </main>
    </div>
  );
}
