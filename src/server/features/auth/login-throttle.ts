/**
 * Per-account slow-down of password guessing (docs/operations.md, "Sign-in limits"). A hard per-account
 * limit lets anyone lock a student out by failing ten times a minute; instead, after `slowAfter` failed
 * logins in a row, every further attempt on that account, from any address, first waits
 * `baseDelayMs * 2^(failures - slowAfter)` (capped at `maxDelayMs`). The right password still gets in,
 * a little later, and clears the count; a quiet quarter of an hour clears it too.
 *
 * Counted in this process (a delay is not a budget to share); bounded to `maxAccounts` entries, the
 * stalest dropped first.
 */
export interface LoginThrottleOptions {
  slowAfter: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A failure older than this no longer counts. */
  forgetAfterMs?: number;
  maxAccounts?: number;
  now?: () => number;
}

export const DEFAULT_LOGIN_THROTTLE = { slowAfter: 5, baseDelayMs: 250, maxDelayMs: 5000 } as const;

export function createLoginThrottle(options: LoginThrottleOptions) {
  const { slowAfter, baseDelayMs, maxDelayMs } = options;
  const forgetAfterMs = options.forgetAfterMs ?? 15 * 60_000;
  const maxAccounts = options.maxAccounts ?? 10_000;
  const now = options.now ?? Date.now;
  // Insertion order is staleness order: every update re-inserts the key at the end.
  const failures = new Map<string, { count: number; last: number }>();

  function current(account: string) {
    const entry = failures.get(account);
    if (entry && now() - entry.last > forgetAfterMs) {
      failures.delete(account);
      return 0;
    }
    return entry?.count ?? 0;
  }

  return {
    /** How long an attempt on `account` waits before its password is checked. */
    delayMs(account: string): number {
      const count = current(account);
      if (count < slowAfter) return 0;
      return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(20, count - slowAfter));
    },
    failed(account: string) {
      const count = current(account) + 1;
      failures.delete(account);
      failures.set(account, { count, last: now() });
      if (failures.size > maxAccounts) failures.delete(failures.keys().next().value!);
    },
    succeeded(account: string) {
      failures.delete(account);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
