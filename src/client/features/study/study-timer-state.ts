import { MAX_SESSION_SECONDS, STUDY_TIMER } from "#shared/constants.ts";

/**
 * SPEC §4 study timer as a pure state machine: the client feeds it events stamped with the time
 * (Date.now()) from its interval, activity listeners and pagehide, and sends every `record` effect to
 * POST /api/study/stats/track. Time comes only from events, so a throttled background tab or a test's
 * fake clock gets the same answers.
 */
export type TimerState =
  | { status: "inactive" }
  | {
      status: "active";
      studySetId: number;
      /** ms timestamps */
      startedAt: number;
      lastActivityAt: number;
      /** whole seconds counted so far: what the header shows as H:MM:SS */
      seconds: number;
    };

export type EndReason = "idle" | "switch" | "pagehide" | "manual";

export type TimerEvent =
  | { type: "start"; studySetId: number; now: number }
  | { type: "tick"; now: number }
  | { type: "activity"; now: number }
  | { type: "end"; reason: EndReason; now: number };

/** The body of POST /api/study/stats/track for a finished session. */
export type RecordEffect = {
  type: "record";
  studySetId: number;
  activityType: "studying";
  duration: number;
};

/** `ended` says why a session ended in this step (null when none did), e.g. for a toast. */
export type TimerStep = { state: TimerState; effect: RecordEffect | null; ended: EndReason | null };

export const INACTIVE_TIMER: TimerState = { status: "inactive" };

type Active = Extract<TimerState, { status: "active" }>;

const idleDeadline = (s: Active) => s.lastActivityAt + STUDY_TIMER.idleTimeoutMs;

/** Whole seconds up to `until`, never past the idle cut-off (SPEC counts the idle 30 s, no more). */
const secondsUntil = (s: Active, until: number) =>
  Math.max(0, Math.floor((Math.min(until, idleDeadline(s)) - s.startedAt) / 1000));

/** Ends a session: long enough ones are recorded (capped at the server's bound), shorter ones dropped. */
function finish(s: Active, now: number, reason: EndReason): TimerStep {
  const duration = Math.min(secondsUntil(s, now), MAX_SESSION_SECONDS);
  const effect: RecordEffect | null =
    duration >= STUDY_TIMER.minRecordableSeconds
      ? { type: "record", studySetId: s.studySetId, activityType: "studying", duration }
      : null;
  return { state: INACTIVE_TIMER, effect, ended: now >= idleDeadline(s) ? "idle" : reason };
}

const same = (state: TimerState): TimerStep => ({ state, effect: null, ended: null });

const begin = (studySetId: number, now: number): Active => ({
  status: "active",
  studySetId,
  startedAt: now,
  lastActivityAt: now,
  seconds: 0,
});

/**
 * One transition. Every event first checks the idle cut-off, so an activity or tick that arrives
 * late (a sleeping laptop) cannot revive or lengthen a session that had already gone idle.
 */
export function studyTimer(state: TimerState, event: TimerEvent): TimerStep {
  if (state.status === "active" && event.now >= idleDeadline(state) && event.type !== "start") {
    return finish(state, event.now, "idle");
  }
  switch (event.type) {
    case "start": {
      if (state.status === "inactive") return same(begin(event.studySetId, event.now));
      if (state.studySetId === event.studySetId && event.now < idleDeadline(state)) {
        return same({ ...state, lastActivityAt: event.now });
      }
      // SPEC §4: starting another set ends the current session first.
      const ended = finish(state, event.now, "switch");
      return { ...ended, state: begin(event.studySetId, event.now) };
    }
    case "tick":
      return state.status === "active" ? tick(state, event.now) : same(state);
    case "activity":
      return state.status === "active" ? same({ ...state, lastActivityAt: event.now }) : same(state);
    case "end":
      return state.status === "active" ? finish(state, event.now, event.reason) : same(state);
  }
}

/** A session that reaches the server's 12-hour bound is recorded and goes on as a new one. */
function tick(state: Active, now: number): TimerStep {
  const capAt = state.startedAt + MAX_SESSION_SECONDS * 1000;
  if (now >= capAt) {
    const { effect } = finish(state, capAt, "manual");
    const next: Active = { ...state, startedAt: capAt, seconds: 0 };
    return { state: { ...next, seconds: secondsUntil(next, now) }, effect, ended: null };
  }
  return same({ ...state, seconds: secondsUntil(state, now) });
}
