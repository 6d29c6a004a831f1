import type { ReactNode } from "react";
import { useSearchParams } from "wouter";
import { useFirstScreenPainted } from "#client/lib/first-screen.ts";
import { useNow } from "#client/lib/use-now.ts";
import { AtAGlance, type GlanceData } from "./components/at-a-glance.tsx";
import { QuoteCard, StudyTipCard } from "./components/daily-cards.tsx";
import { Greeting } from "./components/greeting.tsx";
import { QuickActions } from "./components/quick-actions.tsx";
import { ToolCards } from "./components/tool-cards.tsx";
import { ToolView } from "./components/tool-view.tsx";
import { isToolId, type ToolId } from "./tools.ts";

/**
 * SPEC §2.2 home, or one study tool opened from it. The open tool lives in the URL (?tool=...), so the
 * browser's Back button and reloads behave. `tools` lets the AI features put the real tool in its place.
 */
export function DashboardView({
  firstName,
  glance,
  tools = {},
}: {
  firstName: string;
  glance: GlanceData;
  tools?: Partial<Record<ToolId, ReactNode>>;
}) {
  const [params, setParams] = useSearchParams();
  const now = useNow();
  const tool = params.get("tool");
  // A reload paints the greeting (the page's largest text) first, and the cards a frame later: drawn in
  // one go, their render and layout held the greeting back ~300 ms on a 4x-throttled phone.
  const painted = useFirstScreenPainted();

  if (isToolId(tool)) {
    return <ToolView id={tool} content={tools[tool]} onBack={() => setParams({})} />;
  }
  return (
    <div className="grid gap-8">
      <Greeting firstName={firstName} />
      {painted && (
        <>
          <AtAGlance data={glance} now={now} />
          <ToolCards onOpen={(id) => setParams({ tool: id })} />
          <QuickActions />
          <div className="grid gap-4 md:grid-cols-2">
            <StudyTipCard />
            <QuoteCard today={now} />
          </div>
        </>
      )}
    </div>
  );
}
