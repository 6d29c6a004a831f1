import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type EndReason,
  INACTIVE_TIMER,
  type RecordEffect,
  studyTimer,
  type TimerEvent,
  type TimerState,
} from "#client/features/study/study-timer-state.ts";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { STUDY_TIMER } from "#shared/constants.ts";
import { studyEndpoints } from "#shared/study/contract.ts";

interface StudyTimerApi {
  state: TimerState;
  /** Starts a session for the set (ending another set's session first, SPEC §4). */
  start: (studySetId: number) => void;
  end: (reason: EndReason) => void;
  /** Counts as the student's activity, like a mouse move or key press. */
  activity: () => void;
}

const StudyTimerContext = createContext<StudyTimerApi | null>(null);

/** SPEC §4 activity: mouse, key, scroll or touch. Scroll does not bubble, so listen in the capture phase. */
const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "wheel", "scroll", "touchstart"] as const;

/**
 * A finished session to POST /api/study/stats/track. `keepalive` lets the request outlive the page, so a
 * session is not lost when the tab is closed (sendBeacon cannot carry the bearer token).
 */
async function sendSession(effect: RecordEffect): Promise<void> {
  await call(studyEndpoints.track, {
    body: { studySetId: effect.studySetId, activityType: effect.activityType, duration: effect.duration },
    keepalive: true,
  });
}

/**
 * The study timer of the Study Center: the pure machine of src/shared/study-timer.ts fed with the clock
 * (a 1 s tick), the page's activity and the page being hidden or closed. Finished sessions of 60 s or
 * more are sent to the server, which owns the totals; the stats refresh after each one.
 */
export function StudyTimerProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const stateRef = useRef<TimerState>(INACTIVE_TIMER);
  const [state, setState] = useState<TimerState>(INACTIVE_TIMER);
  // The set whose session ended because the page was hidden: it resumes when the student comes back.
  const resumeRef = useRef<number | null>(null);

  const dispatch = useCallback(
    (event: TimerEvent) => {
      const before = stateRef.current;
      const step = studyTimer(before, event);
      stateRef.current = step.state;
      if (step.effect) {
        sendSession(step.effect)
          .then(() => qc.invalidateQueries({ queryKey: queryKeys.study.stats() }))
          .catch((err) => console.error("Failed to record study session:", err));
      }
      // Activity only moves the idle deadline: no render unless it ended or started a session.
      if (event.type !== "activity" || step.state.status !== before.status) setState(step.state);
    },
    [qc],
  );

  useEffect(() => {
    const tick = setInterval(() => dispatch({ type: "tick", now: Date.now() }), STUDY_TIMER.tickMs);
    let lastActivity = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastActivity < 250) return; // mousemove fires far more often than the 1 s resolution
      lastActivity = now;
      dispatch({ type: "activity", now });
    };
    // The page going away (closed, reloaded, navigated off): the session ends and is sent now.
    const leave = () => dispatch({ type: "end", reason: "pagehide", now: Date.now() });
    // Hidden (another tab, a phone's home screen) may be the last chance to send: a session already worth
    // recording ends and is sent, and resumes when the student comes back; a shorter one has nothing to
    // lose and runs on, so a glance at another tab does not split it.
    const hide = () => {
      const s = stateRef.current;
      if (s.status !== "active") return;
      const now = Date.now();
      const until = Math.min(now, s.lastActivityAt + STUDY_TIMER.idleTimeoutMs);
      if ((until - s.startedAt) / 1000 < STUDY_TIMER.minRecordableSeconds) return;
      resumeRef.current = s.studySetId;
      dispatch({ type: "end", reason: "pagehide", now });
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") return hide();
      const resume = resumeRef.current;
      resumeRef.current = null;
      if (resume !== null) dispatch({ type: "start", studySetId: resume, now: Date.now() });
    };
    const opts = { passive: true, capture: true } as const;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, opts);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", leave);
    return () => {
      clearInterval(tick);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, opts);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", leave);
      // Leaving the Study Center ends (and records) the session.
      dispatch({ type: "end", reason: "manual", now: Date.now() });
    };
  }, [dispatch]);

  const start = useCallback(
    (studySetId: number) => {
      resumeRef.current = null;
      dispatch({ type: "start", studySetId, now: Date.now() });
    },
    [dispatch],
  );
  const end = useCallback(
    (reason: EndReason) => dispatch({ type: "end", reason, now: Date.now() }),
    [dispatch],
  );
  const activity = useCallback(() => dispatch({ type: "activity", now: Date.now() }), [dispatch]);
  const api = useMemo<StudyTimerApi>(() => ({ state, start, end, activity }), [state, start, end, activity]);
  return <StudyTimerContext.Provider value={api}>{children}</StudyTimerContext.Provider>;
}

export function useStudyTimer(): StudyTimerApi {
  const api = useContext(StudyTimerContext);
  if (!api) throw new Error("useStudyTimer needs a StudyTimerProvider");
  return api;
}
