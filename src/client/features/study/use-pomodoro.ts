import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { queryKeys } from "#client/lib/query-keys.ts";
import { STUDY_TIMER } from "#shared/constants.ts";
import {
  DEFAULT_POMODORO,
  type FocusRecord,
  idlePomodoro,
  type Phase,
  type PomodoroEvent,
  type PomodoroSettings,
  type PomodoroState,
  pomodoro,
  pomodoroSettingsSchema,
} from "./focus-timer.ts";
import { recordFocus } from "./study.api.ts";

const SETTINGS_KEY = "studyhall.pomodoro";

function loadSettings(): PomodoroSettings {
  try {
    const parsed = pomodoroSettingsSchema.safeParse(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null"));
    return parsed.success ? parsed.data : DEFAULT_POMODORO;
  } catch {
    return DEFAULT_POMODORO;
  }
}

const PHASE_NAMES: Record<Phase, string> = {
  work: "Focus",
  shortBreak: "Short break",
  longBreak: "Long break",
};
export const phaseName = (phase: Phase | null) => (phase ? PHASE_NAMES[phase] : "Focus");

/** What the live region says when a phase ends: once per phase, never per second. */
function phaseMessage(state: PomodoroState): string {
  if (state.status === "idle") return "";
  const minutes = Math.round(state.phaseMs / 60_000);
  const next = `${PHASE_NAMES[state.phase]}, ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return state.status === "running" ? `${next} started.` : `${next}: press Start when ready.`;
}

/**
 * The Pomodoro machine (focus-timer.ts) fed with a 1 s tick; finished work blocks are recorded as focus
 * sessions and the stats refreshed. Stopping, closing the page or leaving the screen records the block's
 * work so far. `message` is the live region's text, changed only by phase changes and the buttons.
 */
export function usePomodoro() {
  const qc = useQueryClient();
  const [state, setState] = useState<PomodoroState>(() => idlePomodoro(loadSettings()));
  const stateRef = useRef(state);
  const [now, setNow] = useState(() => Date.now());
  const [message, setMessage] = useState("");

  const send = useCallback(
    (record: FocusRecord) =>
      recordFocus(record.link, record.duration)
        .then(() => qc.invalidateQueries({ queryKey: queryKeys.study.all }))
        .catch((err) => console.error("Failed to record focus session:", err)),
    [qc],
  );

  const dispatch = useCallback(
    (event: PomodoroEvent, say?: string) => {
      const at = Date.now();
      const step = pomodoro(stateRef.current, event, at);
      stateRef.current = step.state;
      setState(step.state);
      setNow(at);
      for (const record of step.records) void send(record);
      if (step.finished.length) setMessage(phaseMessage(step.state));
      else if (say !== undefined) setMessage(say);
    },
    [send],
  );

  const running = state.status === "running";
  useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => dispatch({ type: "tick" }), STUDY_TIMER.tickMs);
    return () => clearInterval(tick);
  }, [running, dispatch]);

  useEffect(() => {
    const leave = () => dispatch({ type: "stop" });
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [dispatch]);

  const saveSettings = useCallback(
    (settings: PomodoroSettings) => {
      try {
        localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
      } catch {
        // storage disabled: the settings hold for this visit
      }
      dispatch({ type: "settings", settings }, "Timer settings saved.");
    },
    [dispatch],
  );

  return { state, now, message, dispatch, saveSettings };
}
export type PomodoroApi = ReturnType<typeof usePomodoro>;
