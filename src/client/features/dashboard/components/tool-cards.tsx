import { Card, CardDescription, CardTitle } from "#client/components/ui/card.tsx";
import { TOOLS, type ToolId } from "../tools.ts";

export function ToolCards({ onOpen }: { onOpen: (id: ToolId) => void }) {
  return (
    <section aria-labelledby="tools-heading" className="grid gap-3">
      <h2 id="tools-heading" className="text-lg font-semibold">
        AI-Powered Study Tools
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {TOOLS.map((tool) => (
          <button
            key={tool.id}
            type="button"
            onClick={() => onOpen(tool.id)}
            className="rounded-xl text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            <Card className="h-full transition-colors hover:border-accent">
              <tool.icon className="mb-3 h-6 w-6 text-accent" aria-hidden />
              <CardTitle>{tool.title}</CardTitle>
              <CardDescription className="mt-1">{tool.blurb}</CardDescription>
            </Card>
          </button>
        ))}
      </div>
    </section>
  );
}
