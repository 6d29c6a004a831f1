import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_SESSION_SECONDS, STUDY_TIMER } from "#shared/constants.ts";
import {
  type ActivityEvent,
  type ActivityState,
  activityTimer,
  DEFAULT_POMODORO,
  type FocusRecord,
  INACTIVE,
  idlePomodoro,
  type Phase,
  type PomodoroEvent,
  type PomodoroSettings,
  type PomodoroState,
  pomodoro,
  pomodoroSettingsSchema,
  pomodoroStateSchema,
  pomodoroView,
  type StudyRecord,
} from "./focus-timer.ts";

const T0 = 1_700_000_000_000;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Drives the activity timer with explicit times, as the client does with Date.now(). */
function activityRun() {
  let state: ActivityState = INACTIVE;
  let now = T0;
  const records: StudyRecord[] = [];
  const ended: string[] = [];
  const send = (event: ActivityEvent) => {
    const step = activityTimer(state, event, now);
    state = step.state;
    if (step.effect) records.push(step.effect);
    if (step.ended) ended.push(step.ended);
  };
  return {
    records,
    ended,
    get state() {
      return state;
    },
    start: (studySetId: number) => send({ type: "start", studySetId }),
    activity: () => send({ type: "activity" }),
    end: (reason: "pagehide" | "manual") => send({ type: "end", reason }),
    /** Ticks once a second for n seconds without activity. */
    idle(n: number) {
      for (let i = 0; i < n; i++) {
        now += STUDY_TIMER.tickMs;
        send({ type: "tick" });
      }
    },
    /** n seconds with activity every second, ticking too. */
    study(n: number) {
      for (let i = 0; i < n; i++) {
        now += STUDY_TIMER.tickMs;
        send({ type: "tick" });
        send({ type: "activity" });
      }
    },
    /** Time passes with no events at all (a sleeping laptop). */
    jump(ms: number) {
      now += ms;
    },
  };
}

describe("activity timer: a session ends at the last activity", () => {
  it("records 80 s of activity followed by 36 s idle as 1:20, not 1:50", () => {
    const t = activityRun();
    t.start(1);
    t.study(80);
    t.idle(36);
    expect(t.state).toEqual(INACTIVE);
    expect(t.ended).toEqual(["idle"]);
    expect(t.records).toEqual([
      {
        type: "record",
        studySetId: 1,
        activityType: "studying",
        duration: 80,
        startedAt: T0,
        endedAt: T0 + 80 * SECOND,
      },
    ]);
  });

  it("notices the student left exactly 30 s after the last activity (SPEC §9's time-out)", () => {
    const t = activityRun();
    t.start(1);
    t.study(70);
    t.idle(STUDY_TIMER.idleTimeoutMs / SECOND - 1);
    expect(t.state).toMatchObject({ status: "active", seconds: 99 });
    t.idle(1);
    expect(t.state).toEqual(INACTIVE);
    expect(t.records[0]?.duration).toBe(70);
  });

  it("counts a quiet stretch shorter than the time-out between two activities (reading a card)", () => {
    const t = activityRun();
    t.start(1);
    t.study(40);
    t.idle(25);
    t.activity();
    t.study(10);
    t.end("manual");
    expect(t.records[0]?.duration).toBe(75);
  });

  it("shows the seconds so far, tail included, while the session is live", () => {
    const t = activityRun();
    t.start(1);
    t.study(50);
    t.idle(20);
    expect(t.state).toMatchObject({ status: "active", seconds: 70 });
  });

  it("drops a session under 60 s and records one of 60 s", () => {
    const short = activityRun();
    short.start(1);
    short.study(59);
    short.idle(30);
    expect(short.records).toEqual([]);
    expect(short.ended).toEqual(["idle"]);

    const long = activityRun();
    long.start(1);
    long.study(60);
    long.idle(30);
    expect(long.records.map((r) => r.duration)).toEqual([60]);
  });

  it("counts up to the click on Stop, which is itself activity", () => {
    const t = activityRun();
    t.start(1);
    t.study(70);
    t.idle(20);
    t.end("manual");
    expect(t.records[0]?.duration).toBe(90);
    expect(t.ended).toEqual(["manual"]);
  });

  it("ends at the last activity when the page is hidden or closed", () => {
    const t = activityRun();
    t.start(4);
    t.study(300);
    t.idle(20);
    t.end("pagehide");
    expect(t.ended).toEqual(["pagehide"]);
    expect(t.records[0]?.duration).toBe(300);
  });

  it("records the current set up to the click that chose another", () => {
    const t = activityRun();
    t.start(1);
    t.study(75);
    t.idle(5);
    t.start(2);
    expect(t.records.map((r) => [r.studySetId, r.duration])).toEqual([[1, 80]]);
    expect(t.ended).toEqual(["switch"]);
    expect(t.state).toMatchObject({ status: "active", studySetId: 2, seconds: 0 });
  });

  it("treats choosing the same set again as activity", () => {
    const t = activityRun();
    t.start(1);
    t.idle(20);
    t.start(1);
    t.idle(20);
    expect(t.state).toMatchObject({ status: "active", studySetId: 1, seconds: 40 });
    expect(t.ended).toEqual([]);
  });

  it("does not revive a session when the laptop wakes up, and ends it at the last activity", () => {
    const t = activityRun();
    t.start(1);
    t.study(120);
    t.jump(10 * MINUTE);
    t.activity();
    expect(t.state).toEqual(INACTIVE);
    expect(t.ended).toEqual(["idle"]);
    expect(t.records[0]?.duration).toBe(120);
  });

  it("starts a fresh session when a set is chosen after the old one went idle", () => {
    const t = activityRun();
    t.start(1);
    t.study(90);
    t.jump(MINUTE);
    t.start(1);
    expect(t.records.map((r) => r.duration)).toEqual([90]);
    expect(t.state).toMatchObject({ status: "active", studySetId: 1, seconds: 0 });
  });

  it("ignores events after the session ended", () => {
    const t = activityRun();
    t.start(1);
    t.study(70);
    t.end("manual");
    t.idle(100);
    t.activity();
    t.end("manual");
    expect(t.records).toHaveLength(1);
    expect(t.ended).toEqual(["manual"]);
  });

  it("records 12 hours and carries on as a new session at the server's bound", () => {
    const t = activityRun();
    t.start(9);
    t.study(MAX_SESSION_SECONDS + 5);
    expect(t.records.map((r) => r.duration)).toEqual([MAX_SESSION_SECONDS]);
    expect(t.state).toMatchObject({ status: "active", studySetId: 9, seconds: 5 });
  });

  it("runs on a real interval the way the client drives it (fake timers)", () => {
    vi.useFakeTimers({ now: T0 });
    let state: ActivityState = INACTIVE;
    const records: StudyRecord[] = [];
    const dispatch = (event: ActivityEvent) => {
      const step = activityTimer(state, event, Date.now());
      state = step.state;
      if (step.effect) records.push(step.effect);
    };
    const interval = setInterval(() => dispatch({ type: "tick" }), STUDY_TIMER.tickMs);
    const moves = setInterval(() => dispatch({ type: "activity" }), 10 * SECOND);
    dispatch({ type: "start", studySetId: 3 });
    vi.advanceTimersByTime(80 * SECOND);
    clearInterval(moves); // the student walks away
    vi.advanceTimersByTime(36 * SECOND);
    clearInterval(interval);
    expect(records.map((r) => r.duration)).toEqual([80]);
    vi.useRealTimers();
  });
});

/** Drives the Pomodoro machine with explicit times. */
function focusRun(settings: PomodoroSettings = DEFAULT_POMODORO) {
  let state: PomodoroState = idlePomodoro(settings, { type: "task", id: 7 });
  let now = T0;
  const records: FocusRecord[] = [];
  const finished: Phase[] = [];
  const send = (event: PomodoroEvent) => {
    const step = pomodoro(state, event, now);
    state = step.state;
    records.push(...step.records);
    finished.push(...step.finished);
  };
  return {
    records,
    finished,
    get state() {
      return state;
    },
    get view() {
      return pomodoroView(state, now);
    },
    send,
    /** Minutes passing with a tick every second, as the client's interval does. */
    minutes(n: number) {
      for (let i = 0; i < n * 60; i++) {
        now += SECOND;
        send({ type: "tick" });
      }
    },
    jump(ms: number) {
      now += ms;
    },
  };
}

const work = (minutes: number, id = 7): FocusRecord => ({
  type: "record",
  activityType: "focus",
  link: { type: "task", id },
  duration: minutes * 60,
  endedAt: expect.any(Number) as unknown as number,
});

describe("Pomodoro focus timer", () => {
  it("runs a whole cycle: four work blocks, short breaks between, then a long break", () => {
    const t = focusRun();
    t.send({ type: "start" });
    expect(t.view).toMatchObject({ status: "running", phase: "work", remainingMs: 25 * MINUTE });
    for (let block = 1; block <= 3; block++) {
      t.minutes(25);
      expect(t.view).toMatchObject({ status: "running", phase: "shortBreak", cycle: { done: block, of: 4 } });
      t.minutes(5);
      // Work waits for Start unless autoStartWork.
      expect(t.view).toMatchObject({ status: "ready", phase: "work" });
      t.send({ type: "start" });
    }
    t.minutes(25);
    expect(t.view).toMatchObject({ status: "running", phase: "longBreak", remainingMs: 15 * MINUTE });
    t.minutes(15);
    expect(t.view).toMatchObject({ status: "ready", phase: "work", cycle: { done: 0, of: 4 } });
    expect(t.records).toEqual([work(25), work(25), work(25), work(25)]);
    expect(t.finished).toEqual([
      "work",
      "shortBreak",
      "work",
      "shortBreak",
      "work",
      "shortBreak",
      "work",
      "longBreak",
    ]);
  });

  it("ends a phase at its own moment, not at the next tick", () => {
    const t = focusRun();
    t.send({ type: "start" });
    t.jump(25 * MINUTE + 40 * SECOND);
    t.send({ type: "tick" });
    expect(t.records[0]).toMatchObject({ duration: 25 * 60, endedAt: T0 + 25 * MINUTE });
    // The break began when the work ended, 40 s ago.
    expect(t.view).toMatchObject({ phase: "shortBreak", remainingMs: 5 * MINUTE - 40 * SECOND });
  });

  it("leaves paused time out", () => {
    const t = focusRun();
    t.send({ type: "start" });
    t.minutes(10);
    t.send({ type: "pause" });
    t.minutes(30);
    expect(t.view).toMatchObject({ status: "paused", phase: "work", remainingMs: 15 * MINUTE });
    expect(t.records).toEqual([]);
    t.send({ type: "resume" });
    t.minutes(15);
    expect(t.records).toEqual([work(25)]);
  });

  it("records the work done when a block is skipped, and starts the break", () => {
    const t = focusRun();
    t.send({ type: "start" });
    t.minutes(10);
    t.send({ type: "skip" });
    expect(t.records).toEqual([work(10)]);
    expect(t.view).toMatchObject({ status: "running", phase: "shortBreak", cycle: { done: 1 } });
    t.send({ type: "skip" });
    expect(t.view).toMatchObject({ status: "running", phase: "work" });
  });

  it("neither records nor counts a block skipped within its first minute", () => {
    const t = focusRun();
    t.send({ type: "start" });
    t.jump(59 * SECOND);
    t.send({ type: "skip" });
    expect(t.records).toEqual([]);
    expect(t.view).toMatchObject({ phase: "shortBreak", cycle: { done: 0 } });
  });

  it("records the block so far on Stop and resets the cycle", () => {
    const t = focusRun();
    t.send({ type: "start" });
    t.minutes(25);
    t.minutes(5);
    t.send({ type: "start" });
    t.minutes(12);
    t.send({ type: "stop" });
    expect(t.records).toEqual([work(25), work(12)]);
    expect(t.state).toEqual(idlePomodoro(DEFAULT_POMODORO, { type: "task", id: 7 }));
    // Nothing is recorded for a break that is stopped.
    t.send({ type: "start" });
    t.send({ type: "skip" });
    t.minutes(3);
    t.send({ type: "stop" });
    expect(t.records).toHaveLength(2);
  });

  it("splits a block between the task before and after the link changed", () => {
    const t = focusRun();
    t.send({ type: "start" });
    t.minutes(10);
    t.send({ type: "link", link: { type: "studySet", id: 3 } });
    t.minutes(15);
    expect(t.records).toEqual([work(10), { ...work(15), link: { type: "studySet", id: 3 } }]);
    expect(t.view).toMatchObject({ phase: "shortBreak", cycle: { done: 1 } });
  });

  it("records the work so far when the page goes away, and the restored block goes on from there", () => {
    const t = focusRun();
    t.send({ type: "start" });
    t.minutes(5);
    t.send({ type: "leave" });
    expect(t.records).toEqual([work(5)]);
    // The reload: the state is read back from storage as JSON, and the clock ran on meanwhile.
    const restored = pomodoroStateSchema.parse(JSON.parse(JSON.stringify(t.state)));
    expect(restored).toEqual(t.state);
    t.jump(2 * SECOND);
    expect(t.view).toMatchObject({ status: "running", phase: "work" });
    expect(t.view.remainingMs).toBe(20 * MINUTE - 2 * SECOND);
    t.minutes(20);
    // The reload's seconds were focus time too; the block counts once, its time never recorded twice.
    expect(t.records).toEqual([work(5), work(20)]);
    expect(t.view).toMatchObject({ phase: "shortBreak", cycle: { done: 1 } });
  });

  it("restores nothing from storage that is not a timer mid-phase", () => {
    expect(pomodoroStateSchema.safeParse(idlePomodoro()).success).toBe(false);
    expect(pomodoroStateSchema.safeParse({ status: "running", phase: "work" }).success).toBe(false);
    expect(pomodoroStateSchema.safeParse(null).success).toBe(false);
  });

  it("applies new lengths from the next phase", () => {
    const t = focusRun();
    t.send({ type: "start" });
    t.minutes(5);
    t.send({ type: "settings", settings: { ...DEFAULT_POMODORO, workMinutes: 50, shortBreakMinutes: 10 } });
    expect(t.view).toMatchObject({ remainingMs: 20 * MINUTE });
    t.minutes(20);
    expect(t.view).toMatchObject({ phase: "shortBreak", remainingMs: 10 * MINUTE });
  });

  it("a sleeping tab with auto-start catches up at most one cycle, then waits", () => {
    const t = focusRun({ ...DEFAULT_POMODORO, autoStartWork: true });
    t.send({ type: "start" });
    t.jump(5 * 60 * MINUTE);
    t.send({ type: "tick" });
    expect(t.records).toEqual([work(25), work(25), work(25), work(25)]);
    // 4 x 25 + 3 x 5 + 15 minutes after the start, the long break ended and the timer waits.
    expect(t.view).toMatchObject({ status: "ready", phase: "work", cycle: { done: 0 } });
    expect(t.records.map((r) => r.endedAt - T0)).toEqual([25, 55, 85, 115].map((m) => m * MINUTE));
  });

  it("waits for Start before a break when breaks do not start on their own", () => {
    const t = focusRun({ ...DEFAULT_POMODORO, autoStartBreaks: false, longBreakEvery: 2 });
    t.send({ type: "start" });
    t.minutes(25);
    expect(t.view).toMatchObject({ status: "ready", phase: "shortBreak" });
    t.send({ type: "start" });
    t.minutes(5);
    t.send({ type: "start" });
    t.minutes(25);
    expect(t.view).toMatchObject({ status: "ready", phase: "longBreak" });
  });

  it("ignores pause, skip and stop while idle, and keeps the link chosen before starting", () => {
    const t = focusRun();
    t.send({ type: "pause" });
    t.send({ type: "skip" });
    t.send({ type: "stop" });
    t.send({ type: "link", link: { type: "studySet", id: 2 } });
    expect(t.state).toMatchObject({ status: "idle", link: { type: "studySet", id: 2 } });
    t.send({ type: "start" });
    t.minutes(25);
    expect(t.records[0]?.link).toEqual({ type: "studySet", id: 2 });
  });

  it("checks settings before they are used", () => {
    expect(pomodoroSettingsSchema.safeParse(DEFAULT_POMODORO).success).toBe(true);
    expect(pomodoroSettingsSchema.safeParse({ ...DEFAULT_POMODORO, workMinutes: 0 }).success).toBe(false);
    expect(pomodoroSettingsSchema.safeParse({ ...DEFAULT_POMODORO, longBreakEvery: 1.5 }).success).toBe(
      false,
    );
  });

  it("runs a cycle on a real interval the way the client drives it (fake timers)", () => {
    vi.useFakeTimers({ now: T0 });
    let state = idlePomodoro({ ...DEFAULT_POMODORO, workMinutes: 2, shortBreakMinutes: 1 });
    const records: FocusRecord[] = [];
    const dispatch = (event: PomodoroEvent) => {
      const step = pomodoro(state, event, Date.now());
      state = step.state;
      records.push(...step.records);
    };
    const interval = setInterval(() => dispatch({ type: "tick" }), SECOND);
    dispatch({ type: "start" });
    vi.advanceTimersByTime(2 * MINUTE);
    expect(pomodoroView(state, Date.now())).toMatchObject({ phase: "shortBreak", status: "running" });
    vi.advanceTimersByTime(MINUTE);
    expect(pomodoroView(state, Date.now())).toMatchObject({ phase: "work", status: "ready" });
    clearInterval(interval);
    expect(records.map((r) => r.duration)).toEqual([120]);
    vi.useRealTimers();
  });
});

afterEach(() => {
  vi.useRealTimers();
});
