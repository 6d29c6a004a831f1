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
  type ActivityEvent,
  type ActivityState,
  activityTimer,
  INACTIVE,
  type StudyRecord,
} from "#client/features/study/focus-timer.ts";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { STUDY_TIMER } from "#shared/constants.ts";
import { studyEndpoints } from "#shared/study/contract.ts";

type EndReason = Extract<ActivityEvent, { type: "end" }>["reason"];

interface StudyTimerApi {
  state: ActivityState;
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
async function sendSession(effect: StudyRecord): Promise<void> {
  await call(studyEndpoints.track, {
    body: { studySetId: effect.studySetId, activityType: effect.activityType, duration: effect.duration },
    keepalive: true,
  });
}

/**
 * The study timer of the Study Center: the pure machine `activityTimer` (focus-timer.ts) fed with the
 * clock (a 1 s tick), the page's activity and the page being hidden or closed. A session ends at its last
 * activity: the 30 s idle time-out only detects that the student left, and the idle tail is not study
 * (SPEC §9, issue 26). Finished sessions of 60 s or more are sent to the server, which owns the totals;
 * the stats refresh after each one.
 */
export function StudyTimerProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const stateRef = useRef<ActivityState>(INACTIVE);
  const [state, setState] = useState<ActivityState>(INACTIVE);
  // The set whose session ended because the page was hidden: it resumes when the student comes back.
  const resumeRef = useRef<number | null>(null);

  const dispatch = useCallback(
    (event: ActivityEvent, now = Date.now()) => {
      const before = stateRef.current;
      const step = activityTimer(before, event, now);
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
    const tick = setInterval(() => dispatch({ type: "tick" }), STUDY_TIMER.tickMs);
    let lastActivity = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastActivity < 250) return; // mousemove fires far more often than the 1 s resolution
      lastActivity = now;
      dispatch({ type: "activity" }, now);
    };
    // The page going away (closed, reloaded, navigated off): the session ends and is sent now.
    const leave = () => dispatch({ type: "end", reason: "pagehide" });
    // Hidden (another tab, a phone's home screen) may be the last chance to send: a session already worth
    // recording ends and is sent, and resumes when the student comes back; a shorter one has nothing to
    // lose and runs on, so a glance at another tab does not split it.
    const hide = () => {
      const s = stateRef.current;
      if (s.status !== "active") return;
      // The session would end at its last activity: only that much is worth sending now.
      if ((s.lastActivityAt - s.startedAt) / 1000 < STUDY_TIMER.minRecordableSeconds) return;
      resumeRef.current = s.studySetId;
      dispatch({ type: "end", reason: "pagehide" });
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") return hide();
      const resume = resumeRef.current;
      resumeRef.current = null;
      if (resume !== null) dispatch({ type: "start", studySetId: resume });
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
      dispatch({ type: "end", reason: "manual" });
    };
  }, [dispatch]);

  const start = useCallback(
    (studySetId: number) => {
      resumeRef.current = null;
      dispatch({ type: "start", studySetId });
    },
    [dispatch],
  );
  const end = useCallback((reason: EndReason) => dispatch({ type: "end", reason }), [dispatch]);
  const activity = useCallback(() => dispatch({ type: "activity" }), [dispatch]);
  const api = useMemo<StudyTimerApi>(() => ({ state, start, end, activity }), [state, start, end, activity]);
  return <StudyTimerContext.Provider value={api}>{children}</StudyTimerContext.Provider>;
}

export function useStudyTimer(): StudyTimerApi {
  const api = useContext(StudyTimerContext);
  if (!api) throw new Error("useStudyTimer needs a StudyTimerProvider");
  return api;
}
