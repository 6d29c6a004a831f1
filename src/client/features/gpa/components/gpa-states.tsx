import { GraduationCap } from "lucide-react";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";

export function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card className="grid content-start gap-1 p-3 sm:p-5" role="region" aria-label={label}>
      <p className="text-xs text-muted sm:text-sm">{label}</p>
      <p className="text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>
    </Card>
  );
}

export function Loading() {
  return (
    <div role="status" aria-label="Loading GPA" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-48" />
    </div>
  );
}

export function NoCourses() {
  return (
    <Card className="grid justify-items-center gap-2 py-10 text-center">
      <GraduationCap className="h-8 w-8 text-muted" aria-hidden />
      <CardTitle>No courses found</CardTitle>
      <CardDescription>
        Connect your Canvas account in Settings to calculate your GPA from your completed courses.
      </CardDescription>
      <ButtonLink variant="secondary" size="sm" className="mt-2" href="/settings">
        Open Settings
      </ButtonLink>
    </Card>
  );
}
