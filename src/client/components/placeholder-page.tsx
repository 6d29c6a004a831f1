import { Card, CardDescription } from "./ui/card.tsx";

/** Heading for a screen whose feature lands in a later issue. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card>
        <CardDescription>{description}</CardDescription>
      </Card>
    </div>
  );
}
