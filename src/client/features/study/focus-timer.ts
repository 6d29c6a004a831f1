import { z } from "zod";
import { MAX_SESSION_SECONDS, STUDY_TIMER } from "#shared/constants.ts";

/**
 * Two timers as pure state machines, each a function of (state, event, now) with `now` in ms, so a
 * throttled background tab, a sleeping laptop and a test's fake clock all get the same answers:
 *
 * 1. `activityTimer`, the Study Center's automatic timer (SPEC §4, §9), the only one (study-timer.tsx
 *    runs it; the older shared study-timer module is gone). It ends a session at the
 *    student's last activity: the 30 s idle time-out only *detects* that the student left, and the idle
 *    tail is not study. (The old timer counted it: 80 s of activity then 36 s idle was recorded as 1:50;
 *    here it is 1:20.)
 * 2. `pomodoro`, the focus timer (issue 26): work blocks and breaks with a long break after every N work
 *    blocks, pause/resume/skip/stop, linked to a task or a study set. It has no idle rule: the student
 *    starts and pauses it on purpose, and reading a paper book moves no mouse.
 *
 * Both produce `record` effects for finished study time of at least STUDY_TIMER.minRecordableSeconds.
 */

const MIN_RECORD_MS = STUDY_TIMER.minRecordableSeconds * 1000;
const MAX_SESSION_MS = MAX_SESSION_SECONDS * 1000;
const MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------------
// 1. The activity timer

export type ActivityState =
  | { status: "inactive" }
  | {
      status: "active";
      studySetId: number;
      /** ms timestamps */
      startedAt: number;
      lastActivityAt: number;
      /** Whole seconds since the start, what the header shows. It may run into an idle tail that is then not recorded. */
      seconds: number;
    };

export type EndReason = "idle" | "switch" | "pagehide" | "manual";

export type ActivityEvent =
  | { type: "start"; studySetId: number }
  | { type: "tick" }
  | { type: "activity" }
  | { type: "end"; reason: Exclude<EndReason, "idle" | "switch"> };

/** The body of POST /api/study/stats/track, plus the span it covers (ms) for stats by day. */
export interface StudyRecord {
  type: "record";
  studySetId: number;
  activityType: "studying";
  /** Whole seconds. */
  duration: number;
  startedAt: number;
  endedAt: number;
}

export interface ActivityStep {
  state: ActivityState;
  effect: StudyRecord | null;
  /** Why a session ended in this step, for a toast; null when none did. */
  ended: EndReason | null;
}

export const INACTIVE: ActivityState = { status: "inactive" };

type Active = Extract<ActivityState, { status: "active" }>;

const idleDeadline = (s: Active) => s.lastActivityAt + STUDY_TIMER.idleTimeoutMs;

/**
 * Ends a session at `endAt` (its last activity, or the click that ended it): recorded when it lasted at
 * least the minimum, capped at the server's bound, and dropped otherwise.
 */
function finishActivity(s: Active, endAt: number, reason: EndReason): ActivityStep {
  const end = Math.min(endAt, s.startedAt + MAX_SESSION_MS);
  const duration = Math.max(0, Math.floor((end - s.startedAt) / 1000));
  const effect: StudyRecord | null =
    duration >= STUDY_TIMER.minRecordableSeconds
      ? {
          type: "record",
          studySetId: s.studySetId,
          activityType: "studying",
          duration,
          startedAt: s.startedAt,
          endedAt: end,
        }
      : null;
  return { state: INACTIVE, effect, ended: reason };
}

const beginActivity = (studySetId: number, now: number): Active => ({
  status: "active",
  studySetId,
  startedAt: now,
  lastActivityAt: now,
  seconds: 0,
});

const stay = (state: ActivityState): ActivityStep => ({ state, effect: null, ended: null });

/**
 * One transition. Every event first checks the idle deadline, so a tick or a mouse move that arrives
 * late (a sleeping laptop) ends the old session at its last activity instead of reviving it.
 */
export function activityTimer(state: ActivityState, event: ActivityEvent, now: number): ActivityStep {
  if (state.status === "active" && now >= idleDeadline(state)) {
    const ended = finishActivity(state, state.lastActivityAt, "idle");
    // Choosing a set after the session went idle starts a fresh one; anything else just ends it.
    return event.type === "start" ? { ...ended, state: beginActivity(event.studySetId, now) } : ended;
  }
  switch (event.type) {
    case "start":
      if (state.status === "inactive") return stay(beginActivity(event.studySetId, now));
      if (state.studySetId === event.studySetId) return stay(touch(state, now));
      // SPEC §4: another set ends the current session first; the click is the last activity on it.
      return { ...finishActivity(state, now, "switch"), state: beginActivity(event.studySetId, now) };
    case "activity":
      return state.status === "active" ? stay(touch(state, now)) : stay(state);
    case "tick":
      return state.status === "active" ? rollOver(state, now) : stay(state);
    case "end":
      if (state.status === "inactive") return stay(state);
      // A click on Stop is activity; a hidden or closed page is not, so its session ends at the last one.
      return finishActivity(state, event.reason === "manual" ? now : state.lastActivityAt, event.reason);
  }
}

const touch = (s: Active, now: number): Active => ({
  ...s,
  lastActivityAt: now,
  seconds: Math.floor((now - s.startedAt) / 1000),
});

/** A session that reaches the server's 12-hour bound is recorded and goes on as a new one. */
function rollOver(s: Active, now: number): ActivityStep {
  const capAt = s.startedAt + MAX_SESSION_MS;
  if (now < capAt) return stay({ ...s, seconds: Math.floor((now - s.startedAt) / 1000) });
  const { effect } = finishActivity(s, capAt, "manual");
  return {
    state: { ...s, startedAt: capAt, seconds: Math.floor((now - capAt) / 1000) },
    effect,
    ended: null,
  };
}

// ---------------------------------------------------------------------------------------------------
// 2. The Pomodoro focus timer

export const pomodoroSettingsSchema = z.object({
  workMinutes: z.int().min(1).max(180),
  shortBreakMinutes: z.int().min(1).max(60),
  longBreakMinutes: z.int().min(1).max(60),
  /** A long break after this many work blocks. */
  longBreakEvery: z.int().min(1).max(12),
  /** Start a break as soon as a work block ends (else wait for Start). */
  autoStartBreaks: z.boolean(),
  /** Start the next work block as soon as a short break ends (a long break always waits). */
  autoStartWork: z.boolean(),
});
export type PomodoroSettings = z.infer<typeof pomodoroSettingsSchema>;

/** The classic Pomodoro: 25 minutes of work, 5 off, 15 off after every fourth block. */
export const DEFAULT_POMODORO: PomodoroSettings = {
  workMinutes: 25,
  shortBreakMinutes: 5,
  longBreakMinutes: 15,
  longBreakEvery: 4,
  autoStartBreaks: true,
  autoStartWork: false,
};

export type FocusLink = { type: "task"; id: number } | { type: "studySet"; id: number } | null;
export type Phase = "work" | "shortBreak" | "longBreak";

export type PomodoroState =
  | { status: "idle"; settings: PomodoroSettings; link: FocusLink }
  | {
      /** running: counting; paused: stopped mid-phase; ready: a phase waiting for Start. */
      status: "running" | "paused" | "ready";
      settings: PomodoroSettings;
      link: FocusLink;
      phase: Phase;
      /** Length of this phase, fixed when it began (a settings change applies from the next phase). */
      phaseMs: number;
      /** Time counted in this phase before `runningSince`. */
      elapsedMs: number;
      /** When the current run began (ms); null unless running. */
      runningSince: number | null;
      /** Work time of this block already recorded (to another link, when the link changed mid-block). */
      creditedMs: number;
      /** Work blocks finished since the cycle began or the last long break. */
      completedWork: number;
    };

const focusLinkSchema = z.union([
  z.object({ type: z.enum(["task", "studySet"]), id: z.int().positive() }),
  z.null(),
]);

/**
 * A timer mid-phase as a reload left it in the tab's storage (use-pomodoro.ts); anything else, an idle
 * timer included, is not restored.
 */
export const pomodoroStateSchema = z.object({
  status: z.enum(["running", "paused", "ready"]),
  settings: pomodoroSettingsSchema,
  link: focusLinkSchema,
  phase: z.enum(["work", "shortBreak", "longBreak"]),
  phaseMs: z.number().nonnegative(),
  elapsedMs: z.number().nonnegative(),
  runningSince: z.number().nullable(),
  creditedMs: z.number().nonnegative(),
  completedWork: z.int().nonnegative(),
});

export type PomodoroEvent =
  | { type: "start"; link?: FocusLink }
  | { type: "pause" }
  | { type: "resume" }
  /** Ends the current phase now and starts the next. */
  | { type: "skip" }
  /** Ends the cycle; work done so far in the block is recorded. */
  | { type: "stop" }
  /**
   * The page goes away (a reload, a closed tab): the work so far is recorded, as a closed tab never comes
   * back, and the block goes on, so a reload can resume it from storage where it was.
   */
  | { type: "leave" }
  | { type: "tick" }
  | { type: "link"; link: FocusLink }
  | { type: "settings"; settings: PomodoroSettings };

/** Focus time for stats per course and per task: the linked task or study set, or none. */
export interface FocusRecord {
  type: "record";
  activityType: "focus";
  link: FocusLink;
  /** Whole seconds. */
  duration: number;
  endedAt: number;
}

export interface PomodoroStep {
  state: PomodoroState;
  records: FocusRecord[];
  /** Phases that ended in this step, in order, for a chime or a notification. */
  finished: Phase[];
}

export const idlePomodoro = (
  settings: PomodoroSettings = DEFAULT_POMODORO,
  link: FocusLink = null,
): PomodoroState => ({
  status: "idle",
  settings,
  link,
});

type InPhase = Exclude<PomodoroState, { status: "idle" }>;

const phaseLength = (settings: PomodoroSettings, phase: Phase) =>
  (phase === "work"
    ? settings.workMinutes
    : phase === "shortBreak"
      ? settings.shortBreakMinutes
      : settings.longBreakMinutes) * MINUTE;

/** Time counted in the phase at `now`. */
export const elapsedAt = (s: InPhase, now: number) =>
  s.elapsedMs + (s.runningSince === null ? 0 : Math.max(0, now - s.runningSince));

/** What the timer face shows: the phase, the time left (ms), and work blocks done of the cycle's N. */
export function pomodoroView(state: PomodoroState, now: number) {
  const cycle = {
    done: state.status === "idle" ? 0 : state.completedWork,
    of: state.settings.longBreakEvery,
  };
  if (state.status === "idle") {
    return { status: state.status, phase: null, remainingMs: phaseLength(state.settings, "work"), cycle };
  }
  return {
    status: state.status,
    phase: state.phase,
    remainingMs: Math.max(0, state.phaseMs - elapsedAt(state, now)),
    cycle,
  };
}

function enter(
  prev: { settings: PomodoroSettings; link: FocusLink; completedWork: number },
  phase: Phase,
  runFrom: number | null,
): InPhase {
  return {
    status: runFrom === null ? "ready" : "running",
    settings: prev.settings,
    link: prev.link,
    phase,
    phaseMs: phaseLength(prev.settings, phase),
    elapsedMs: 0,
    runningSince: runFrom,
    creditedMs: 0,
    completedWork: prev.completedWork,
  };
}

/** The work of the current block not yet recorded, as a record when it is long enough. */
function workRecord(s: InPhase, workedMs: number, endedAt: number): FocusRecord | null {
  const ms = Math.min(workedMs - s.creditedMs, MAX_SESSION_MS);
  if (s.phase !== "work" || ms < MIN_RECORD_MS) return null;
  return { type: "record", activityType: "focus", link: s.link, duration: Math.floor(ms / 1000), endedAt };
}

/**
 * Ends the current phase at `at` and enters the next. A work block counts towards the long break when any
 * of it was recorded (a block skipped in its first minute does not). `runNext` says whether the next phase
 * runs from `at` or waits for Start.
 */
function advance(s: InPhase, at: number, workedMs: number, runNext: (next: Phase) => boolean): PomodoroStep {
  const records: FocusRecord[] = [];
  let completedWork = s.completedWork;
  let next: Phase;
  if (s.phase === "work") {
    const record = workRecord(s, workedMs, at);
    if (record) records.push(record);
    if (record || s.creditedMs > 0) completedWork += 1;
    next = completedWork > 0 && completedWork % s.settings.longBreakEvery === 0 ? "longBreak" : "shortBreak";
  } else {
    // A long break closes the cycle.
    if (s.phase === "longBreak") completedWork = 0;
    next = "work";
  }
  const state = enter({ ...s, completedWork }, next, runNext(next) ? at : null);
  return { state, records, finished: [s.phase] };
}

/**
 * Completes every phase whose time is up by `now`. A tab that slept through a boundary gets it at the
 * exact moment it passed, so the next phase is timed from there. Work auto-starts only after a short
 * break: a long break always waits, so a laptop left asleep with auto-start records at most one cycle.
 */
function catchUp(state: InPhase, now: number): PomodoroStep {
  let s = state;
  const records: FocusRecord[] = [];
  const finished: Phase[] = [];
  while (s.status === "running" && s.runningSince !== null && elapsedAt(s, now) >= s.phaseMs) {
    const current = s;
    const boundary = current.runningSince! + (current.phaseMs - current.elapsedMs);
    const step = advance(current, boundary, current.phaseMs, (next) =>
      next === "work"
        ? current.phase === "shortBreak" && current.settings.autoStartWork
        : current.settings.autoStartBreaks,
    );
    records.push(...step.records);
    finished.push(...step.finished);
    s = step.state as InPhase;
  }
  return { state: s, records, finished };
}

/** One transition of the focus timer. */
export function pomodoro(state: PomodoroState, event: PomodoroEvent, now: number): PomodoroStep {
  if (state.status === "idle") {
    if (event.type === "start") {
      const link = event.link === undefined ? state.link : event.link;
      return {
        state: enter({ settings: state.settings, link, completedWork: 0 }, "work", now),
        records: [],
        finished: [],
      };
    }
    if (event.type === "link") return { state: { ...state, link: event.link }, records: [], finished: [] };
    if (event.type === "settings")
      return { state: { ...state, settings: event.settings }, records: [], finished: [] };
    return { state, records: [], finished: [] };
  }

  // Time first: whatever the event, the phases that ended before it are closed at their own moment.
  const caught = catchUp(state, now);
  const s = caught.state as InPhase;
  const done = (next: PomodoroStep): PomodoroStep => ({
    state: next.state,
    records: [...caught.records, ...next.records],
    finished: [...caught.finished, ...next.finished],
  });
  const same = (next: PomodoroState) => done({ state: next, records: [], finished: [] });

  switch (event.type) {
    case "tick":
      return same(s);
    case "start":
    case "resume": {
      const linked = event.type === "start" && event.link !== undefined ? { ...s, link: event.link } : s;
      return same(linked.status === "running" ? linked : { ...linked, status: "running", runningSince: now });
    }
    case "pause":
      if (s.status !== "running") return same(s);
      return same({ ...s, status: "paused", elapsedMs: elapsedAt(s, now), runningSince: null });
    case "skip":
      // The student is here, so the next phase starts now.
      return done(advance(s, now, elapsedAt(s, now), () => true));
    case "stop": {
      const record = workRecord(s, elapsedAt(s, now), now);
      return done({ state: idlePomodoro(s.settings, s.link), records: record ? [record] : [], finished: [] });
    }
    case "leave": {
      const worked = elapsedAt(s, now);
      const record = workRecord(s, worked, now);
      return done({
        state: record ? { ...s, creditedMs: worked } : s,
        records: record ? [record] : [],
        finished: [],
      });
    }
    case "link": {
      // Mid-block, the work so far goes to the old link and the rest of the block to the new one.
      const worked = elapsedAt(s, now);
      const record = workRecord(s, worked, now);
      const next: InPhase = { ...s, link: event.link, creditedMs: record ? worked : s.creditedMs };
      return done({ state: next, records: record ? [record] : [], finished: [] });
    }
    case "settings":
      return same({ ...s, settings: event.settings });
  }
}
