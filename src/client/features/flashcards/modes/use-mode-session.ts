import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "#client/lib/api.ts";
import type { StudyMode } from "#shared/flashcards/study-modes.ts";
import { loadSession, saveSession, studyModeQueries } from "./study-modes.api.ts";

/** The device's copy: what a reload uses when the server cannot be reached, and progress made offline. */
type LocalCopy = { state: unknown; version: number; dirty: boolean };
const localKey = (setId: number, mode: StudyMode) => `studyhall:session:${mode}:${setId}`;
const local = {
  read(setId: number, mode: StudyMode): LocalCopy | null {
    try {
      return JSON.parse(localStorage.getItem(localKey(setId, mode)) ?? "null");
    } catch {
      return null;
    }
  },
  write(setId: number, mode: StudyMode, copy: LocalCopy) {
    try {
      localStorage.setItem(localKey(setId, mode), JSON.stringify(copy));
    } catch {
      // A full or blocked storage only loses the offline copy; the server keeps the session.
    }
  },
};

/**
 * A study mode's state, kept on the server (issue 25 §2) so a reload or a second device resumes.
 * Each change is saved from the version last seen; a 409 means another device went on meanwhile, and
 * its state is taken over. Saves go one at a time, the newest state last. Offline, the device's copy
 * carries the progress, and is sent once the server answers again from the same version.
 */
export function useModeSession<S extends object>({
  setId,
  mode,
  parse,
  fresh,
}: {
  setId: number;
  mode: StudyMode;
  /** The saved state if it still fits the set, else null. */
  parse: (saved: unknown) => S | null;
  fresh: () => S;
}) {
  const query = useQuery(studyModeQueries.session(setId, mode));
  const [state, setState] = useState<S | null>(null);
  const version = useRef(0);
  /** The state the server holds: not saved again. */
  const synced = useRef<S | null>(null);
  const saving = useRef<{ busy: boolean; next: S | null }>({ busy: false, next: null });
  const args = useRef({ parse, fresh });
  args.current = { parse, fresh };

  useEffect(() => {
    if (state !== null || query.isPending) return;
    const copy = local.read(setId, mode);
    const { parse, fresh } = args.current;
    if (query.isSuccess) {
      version.current = query.data.version;
      const offline = copy?.dirty && copy.version === query.data.version ? parse(copy.state) : null;
      const server = parse(query.data.state);
      if (!offline && server) synced.current = server;
      setState(offline ?? server ?? fresh());
    } else {
      version.current = copy?.version ?? 0;
      setState(parse(copy?.state) ?? fresh());
    }
  }, [query.isPending, query.isSuccess, query.data, state, setId, mode]);

  const flush = useCallback(async () => {
    const q = saving.current;
    if (q.busy) return;
    q.busy = true;
    try {
      while (q.next) {
        const s = q.next;
        q.next = null;
        try {
          const saved = await saveSession(setId, mode, s as Record<string, unknown>, version.current);
          version.current = saved.version;
          if (!q.next) local.write(setId, mode, { state: s, version: saved.version, dirty: false });
        } catch (err) {
          if (!(err instanceof ApiError) || err.status !== 409) return;
          // Another device saved first: go on from where it is.
          const there = await loadSession(setId, mode);
          version.current = there.version;
          const adopted = args.current.parse(there.state);
          q.next = null;
          if (adopted) {
            synced.current = adopted;
            local.write(setId, mode, { state: adopted, version: there.version, dirty: false });
            setState(adopted);
          }
        }
      }
    } catch {
      // Offline or refused: the device's copy keeps the progress.
    } finally {
      q.busy = false;
    }
  }, [setId, mode]);

  useEffect(() => {
    if (state === null || state === synced.current) return;
    local.write(setId, mode, { state, version: version.current, dirty: true });
    saving.current.next = state;
    void flush();
  }, [state, setId, mode, flush]);

  const update = useCallback((change: (s: S) => S) => setState((s) => (s === null ? s : change(s))), []);
  return { state, update, loading: state === null };
}
