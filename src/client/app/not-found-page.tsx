import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Card } from "#client/components/ui/card.tsx";

/** SPEC §1's fallback text, with a way back for a student who followed an old or mistyped link. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Card className="grid max-w-md justify-items-center gap-4 text-center">
        <div>
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          <p className="mt-2 text-sm text-muted">Did you forget to add the page to the router?</p>
        </div>
        <ButtonLink href="/">Go Home</ButtonLink>
      </Card>
    </div>
  );
}
