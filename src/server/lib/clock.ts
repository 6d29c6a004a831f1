/** Where services read the time, so a test can move it (session expiry, auto-sync intervals). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
