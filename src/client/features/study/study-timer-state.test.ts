import { describe, expect, it } from "vitest";
import { MAX_SESSION_SECONDS, STUDY_TIMER } from "#shared/constants.ts";
import {
  INACTIVE_TIMER,
  type RecordEffect,
  studyTimer,
  type TimerEvent,
  type TimerState,
} from "./study-timer-state.ts";

/**
 * A fake clock driving the machine the way the client will: a tick every second, activity when the
 * student moves. Collects the record effects and end reasons it produces.
 */
function run() {
  let state: TimerState = INACTIVE_TIMER;
  let now = 1_700_000_000_000;
  const records: RecordEffect[] = [];
  const ended: string[] = [];
  const send = (event: TimerEvent) => {
    const step = studyTimer(state, event);
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
    start: (studySetId: number) => send({ type: "start", studySetId, now }),
    activity: () => send({ type: "activity", now }),
    end: (reason: "pagehide" | "manual") => send({ type: "end", reason, now }),
    /** Advances the clock second by second, ticking like setInterval(1000). */
    seconds(n: number) {
      for (let i = 0; i < n; i++) {
        now += STUDY_TIMER.tickMs;
        send({ type: "tick", now });
      }
    },
    /** Advances time without ticks, as in a throttled or sleeping tab. */
    jump(ms: number) {
      now += ms;
    },
    /** Studies for n seconds, with activity every 10 s so the session never goes idle. */
    study(n: number) {
      for (let i = 0; i < n; i++) {
        if (i % 10 === 0) send({ type: "activity", now });
        now += STUDY_TIMER.tickMs;
        send({ type: "tick", now });
      }
    },
  };
}

describe("study timer (SPEC §4)", () => {
  it("is inactive until a set is selected, then counts one second per tick", () => {
    const t = run();
    t.seconds(5);
    expect(t.state).toEqual(INACTIVE_TIMER);
    t.start(7);
    t.seconds(3);
    expect(t.state).toMatchObject({ status: "active", studySetId: 7, seconds: 3 });
  });

  it("ends the session at exactly 30 s without activity", () => {
    const t = run();
    t.start(1);
    t.study(100);
    t.activity();
    t.seconds(29);
    expect(t.state).toMatchObject({ status: "active", seconds: 129 });
    t.seconds(1);
    expect(t.state).toEqual(INACTIVE_TIMER);
    expect(t.ended).toEqual(["idle"]);
    // The idle 30 s count, as SPEC's ticking timer counts them.
    expect(t.records).toEqual([{ type: "record", studySetId: 1, activityType: "studying", duration: 130 }]);
  });

  it("keeps going while there is activity within every 30 s", () => {
    const t = run();
    t.start(1);
    for (let i = 0; i < 10; i++) {
      t.seconds(29);
      t.activity();
    }
    expect(t.state).toMatchObject({ status: "active", seconds: 290 });
    expect(t.records).toEqual([]);
  });

  it("discards a session of 59 s and records one of 60 s", () => {
    const short = run();
    short.start(1);
    short.study(59);
    short.end("manual");
    expect(short.records).toEqual([]);
    expect(short.ended).toEqual(["manual"]);
    expect(short.state).toEqual(INACTIVE_TIMER);

    const long = run();
    long.start(1);
    long.study(60);
    long.end("manual");
    expect(long.records).toEqual([{ type: "record", studySetId: 1, activityType: "studying", duration: 60 }]);
  });

  it("discards a session that goes idle before 60 s", () => {
    const t = run();
    t.start(1);
    t.seconds(40);
    expect(t.ended).toEqual(["idle"]);
    expect(t.records).toEqual([]);
  });

  it("records the current set before starting another", () => {
    const t = run();
    t.start(1);
    t.study(75);
    t.start(2);
    expect(t.records).toEqual([{ type: "record", studySetId: 1, activityType: "studying", duration: 75 }]);
    expect(t.ended).toEqual(["switch"]);
    expect(t.state).toMatchObject({ status: "active", studySetId: 2, seconds: 0 });
    t.study(10);
    t.start(3);
    // The 10 s on set 2 were too short to record.
    expect(t.records).toHaveLength(1);
    expect(t.state).toMatchObject({ studySetId: 3 });
  });

  it("treats selecting the same set again as activity, not a new session", () => {
    const t = run();
    t.start(1);
    t.seconds(20);
    t.start(1);
    t.seconds(20);
    expect(t.state).toMatchObject({ status: "active", studySetId: 1, seconds: 40 });
    expect(t.ended).toEqual([]);
  });

  it("records on pagehide so closing the tab loses nothing", () => {
    const t = run();
    t.start(4);
    t.study(300);
    t.end("pagehide");
    expect(t.ended).toEqual(["pagehide"]);
    expect(t.records).toEqual([{ type: "record", studySetId: 4, activityType: "studying", duration: 300 }]);
  });

  it("ignores ticks, activity and end after the session ended", () => {
    const t = run();
    t.start(1);
    t.study(70);
    t.end("manual");
    t.seconds(100);
    t.activity();
    t.end("manual");
    expect(t.state).toEqual(INACTIVE_TIMER);
    expect(t.records).toHaveLength(1);
    expect(t.ended).toEqual(["manual"]);
  });

  it("cuts a session off at its idle deadline when the tab slept through the ticks", () => {
    const t = run();
    t.start(1);
    t.study(120);
    t.jump(10 * 60 * 1000);
    // Moving the mouse after waking up must not revive or lengthen the old session.
    t.activity();
    expect(t.state).toEqual(INACTIVE_TIMER);
    expect(t.ended).toEqual(["idle"]);
    // The last activity was at 110 s, so the session ended at 140 s.
    expect(t.records[0]?.duration).toBe(140);
  });

  it("counts whole seconds when an end lands between ticks", () => {
    const t = run();
    t.start(1);
    t.study(64);
    t.jump(900);
    t.end("manual");
    expect(t.records[0]?.duration).toBe(64);
  });

  it("records 12 hours and carries on as a new session at the server's bound", () => {
    const t = run();
    t.start(9);
    t.study(MAX_SESSION_SECONDS + 5);
    expect(t.records).toEqual([
      { type: "record", studySetId: 9, activityType: "studying", duration: MAX_SESSION_SECONDS },
    ]);
    expect(t.state).toMatchObject({ status: "active", studySetId: 9, seconds: 5 });
    expect(t.ended).toEqual([]);
  });

  it("never records past the bound when no tick came to roll it over", () => {
    const t = run();
    t.start(9);
    for (let s = 0; s < MAX_SESSION_SECONDS + 3600; s += 20) {
      t.jump(20_000);
      t.activity();
    }
    t.end("pagehide");
    expect(t.records).toEqual([
      { type: "record", studySetId: 9, activityType: "studying", duration: MAX_SESSION_SECONDS },
    ]);
  });
});
