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
  pomodoroStateSchema,
} from "./focus-timer.ts";
import { recordFocus } from "./study.api.ts";

const SETTINGS_KEY = "studyhall.pomodoro";
/** The timer mid-phase, kept across a reload of this tab only (session storage: another tab has its own). */
const RUNNING_KEY = "studyhall.pomodoro.running";

function loadSettings(): PomodoroSettings {
  try {
    const parsed = pomodoroSettingsSchema.safeParse(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null"));
    return parsed.success ? parsed.data : DEFAULT_POMODORO;
  } catch {
    return DEFAULT_POMODORO;
  }
}

/** The timer a reload of this tab left running (or paused); dropped once mounted, so a later visit starts idle. */
function savedRunning(): PomodoroState | null {
  try {
    const saved = sessionStorage.getItem(RUNNING_KEY);
    const parsed = pomodoroStateSchema.safeParse(JSON.parse(saved ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
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
 * work so far; a reload resumes the block. `message` is the live region's text, changed only by phase changes and the buttons.
 */
export function usePomodoro() {
  const qc = useQueryClient();
  const [state, setState] = useState<PomodoroState>(() => savedRunning() ?? idlePomodoro(loadSettings()));
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
    // A reload or a closed tab: the work so far is recorded and the timer kept for this tab, so a reload
    // resumes the block where it was (a closed tab's storage goes with it).
    const pageHidden = () => {
      dispatch({ type: "leave" });
      try {
        if (stateRef.current.status !== "idle")
          sessionStorage.setItem(RUNNING_KEY, JSON.stringify(stateRef.current));
      } catch {
        // storage disabled: the recorded work is kept, the timer starts over
      }
    };
    const forget = () => {
      try {
        sessionStorage.removeItem(RUNNING_KEY);
      } catch {
        // storage disabled: nothing was kept
      }
    };
    forget();
    // Back from the back-forward cache: the page lives on with its timer, so nothing is to be restored.
    const pageShown = (e: PageTransitionEvent) => {
      if (e.persisted) forget();
    };
    window.addEventListener("pagehide", pageHidden);
    window.addEventListener("pageshow", pageShown);
    return () => {
      window.removeEventListener("pagehide", pageHidden);
      window.removeEventListener("pageshow", pageShown);
      // Leaving the Study Center within the app ends the cycle.
      dispatch({ type: "stop" });
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
