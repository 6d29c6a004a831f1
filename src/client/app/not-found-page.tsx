import { Card } from "#client/components/ui/card.tsx";

export function NotFoundPage() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Card className="max-w-md text-center">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-muted">Did you forget to add the page to the router?</p>
      </Card>
    </div>
  );
}
