import { useEffect, useState } from "react";

/**
 * The first signed-in screen's paint, for work a reload can do after the student sees the page rather
 * than before it: on a phone (4x slower CPU) evaluating zod and a contract's schemas is 100-250 ms of main
 * thread, and a reload already draws from what the device keeps (the session user, lib/api.ts).
 * SignedInApp marks it once it has committed; `afterFirstScreen` resolves once the browser has painted
 * that (the frame after the commit), or after FALLBACK_MS whatever happened, so nothing waits on a screen
 * that never came (its code failed to download).
 */
const FALLBACK_MS = 3000;

let isPainted = false;
let painted: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => {
  painted = resolve;
  // No screen to wait for where nothing paints (tests in Node).
  if (typeof requestAnimationFrame === "undefined") resolve();
  else setTimeout(resolve, FALLBACK_MS);
});

/** The signed-in screen has committed: resolves `afterFirstScreen` once the browser has painted it. */
export function markFirstScreen() {
  // A task queued from the next animation frame runs after that frame's paint.
  requestAnimationFrame(() => setTimeout(() => painted(), 0));
}

export const afterFirstScreen = () => firstScreen;
void firstScreen.then(() => {
  isPainted = true;
});

/**
 * False until the first signed-in screen has painted, for the parts of a screen that can wait a frame;
 * true from the first render on every screen after it.
 */
export function useFirstScreenPainted(): boolean {
  const [done, setDone] = useState(isPainted);
  useEffect(() => {
    if (!done) void firstScreen.then(() => setDone(true));
  }, [done]);
  return done;
}
