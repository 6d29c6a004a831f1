import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardDescription } from "#client/components/ui/card.tsx";
import { TOOLS, type ToolId } from "../tools.ts";

/** One study tool opened from the dashboard, with 'Back to Home' (SPEC §2.2, §4). */
export function ToolView({ id, content, onBack }: { id: ToolId; content?: ReactNode; onBack: () => void }) {
  const tool = TOOLS.find((t) => t.id === id)!;
  return (
    <div className="grid gap-4">
      <div>
        <Button variant="secondary" size="sm" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Home
        </Button>
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{tool.title}</h1>
      {content ?? (
        <Card className="grid gap-2">
          <tool.icon className="h-8 w-8 text-accent" aria-hidden />
          <CardDescription>{tool.coming}</CardDescription>
          <p className="text-sm font-medium">Coming soon to Studyhall.</p>
        </Card>
      )}
    </div>
  );
}
