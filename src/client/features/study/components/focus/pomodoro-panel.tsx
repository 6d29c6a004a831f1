import { lazy, Suspense, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardTitle } from "#client/components/ui/card.tsx";
import { formatClock } from "#shared/study/study-stats.ts";
import type { PomodoroSettings } from "../../focus-timer.ts";
import { pomodoroView } from "../../focus-timer.ts";
import { phaseName, usePomodoro } from "../../use-pomodoro.ts";
import { FocusLinkSelect, type FocusTaskOption } from "./focus-link-select.tsx";

// The settings form (react-hook-form, ~13 KB gzip) loads when its section is opened, not with /study.
const PomodoroSettingsForm = lazy(() =>
  import("./pomodoro-settings.tsx").then((m) => ({ default: m.PomodoroSettingsForm })),
);

function TimerSettings(props: { settings: PomodoroSettings; onSave: (s: PomodoroSettings) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="rounded-md border border-border p-3" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium">Timer settings</summary>
      {open && (
        <Suspense fallback={<p className="mt-3 text-sm text-muted">Loading settings...</p>}>
          <PomodoroSettingsForm {...props} />
        </Suspense>
      )}
    </details>
  );
}

/**
 * The Pomodoro focus timer (issue 26 §6): the phase and the time left in large type, the block of the
 * cycle, what the time is for, and the buttons. The time left is a `timer` (never read out each second);
 * the polite status line speaks only when a phase ends or a button changes the state.
 */
export function PomodoroPanel({ tasks }: { tasks: FocusTaskOption[] }) {
  const { state, now, message, dispatch, saveSettings } = usePomodoro();
  const view = pomodoroView(state, now);
  const idle = state.status === "idle";
  const remaining = formatClock(Math.ceil(view.remainingMs / 1000));
  const block = Math.min(view.cycle.done + (view.phase === "work" || idle ? 1 : 0), view.cycle.of);
  return (
    <Card role="region" className="grid min-w-0 gap-4" aria-labelledby="focus-timer-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id="focus-timer-title">Focus timer</CardTitle>
        <p className="text-sm text-muted">
          Block {block} of {view.cycle.of}
        </p>
      </div>
      <div className="grid justify-items-center gap-1">
        <p className="text-sm font-medium" data-testid="focus-phase">
          {phaseName(view.phase)}
          {state.status === "paused" ? " (paused)" : ""}
        </p>
        <p
          role="timer"
          aria-label={`${phaseName(view.phase)} time left`}
          className="font-mono text-5xl font-semibold tabular-nums"
          data-testid="focus-remaining"
        >
          {remaining}
        </p>
      </div>
      <FocusLinkSelect
        tasks={tasks}
        value={state.link}
        onChange={(link) => dispatch({ type: "link", link })}
      />
      <div className="flex flex-wrap gap-2">
        {idle || state.status === "ready" ? (
          <Button onClick={() => dispatch({ type: "start" }, `${phaseName(view.phase)} started.`)}>
            Start
          </Button>
        ) : state.status === "running" ? (
          <Button onClick={() => dispatch({ type: "pause" }, "Paused.")}>Pause</Button>
        ) : (
          <Button onClick={() => dispatch({ type: "resume" }, "Resumed.")}>Resume</Button>
        )}
        <Button variant="secondary" disabled={idle} onClick={() => dispatch({ type: "skip" })}>
          Skip
        </Button>
        <Button variant="secondary" disabled={idle} onClick={() => dispatch({ type: "stop" }, "Stopped.")}>
          Stop
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className="min-h-5 text-sm text-muted"
        data-testid="focus-announcement"
      >
        {message}
      </p>
      <TimerSettings settings={state.settings} onSave={saveSettings} />
    </Card>
  );
}
