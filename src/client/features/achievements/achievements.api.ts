import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { call, endpointTable } from "#client/lib/api.ts";
import { browserTimeZone } from "#client/lib/browser-time-zone.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { toast } from "#client/lib/toast.tsx";
import type { ShareSettings } from "#shared/achievements/contract.ts";

// Loaded on first use, so the screen draws before zod and the schemas run (docs/architecture.md, "How a
// first load is ordered"); the other api modules that do so point here.
const endpoints = endpointTable(() => import("#shared/achievements/contract.ts"), "achievementEndpoints");
const timeZoneEndpoints = endpointTable(() => import("#shared/settings/contract.ts"), "timeZoneEndpoints");

export const achievementQueries = {
  catalogue: () =>
    queryOptions({
      queryKey: queryKeys.achievements.catalogue(),
      queryFn: async () => call((await endpoints()).list),
    }),
  earned: () =>
    queryOptions({
      queryKey: queryKeys.achievements.earned(),
      queryFn: async () => call((await endpoints()).earned),
    }),
  stats: (userId: number) =>
    queryOptions({
      queryKey: queryKeys.achievements.stats(),
      queryFn: async () => call((await endpoints()).studyStats, { params: { userId } }),
    }),
  heatmap: () =>
    queryOptions({
      queryKey: queryKeys.achievements.heatmap(),
      queryFn: async () => call((await endpoints()).heatmap),
    }),
};

export function useCreateShareLink() {
  return useMutation({
    mutationFn: async (shareSettings: ShareSettings) =>
      call((await endpoints()).createShareLink, { body: { shareSettings } }),
  });
}

/**
 * Keeps the earned list live while signed in and toasts 'Achievement unlocked: {title}' for each one that
 * appears between two answers. Mutations that can earn one list queryKeys.achievements.all in
 * `meta.invalidates`, so the list refetches after them; the first answer only sets the baseline.
 */
export function useAchievementUnlockToasts() {
  const earned = useQuery(achievementQueries.earned());
  const known = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!earned.data) return;
    const ids = new Set(earned.data.map((a) => a.achievementId));
    if (known.current) {
      for (const a of earned.data) {
        if (!known.current.has(a.achievementId)) {
          toast({ title: `Achievement unlocked: ${a.achievement.title}`, variant: "success" });
        }
      }
    }
    known.current = ids;
  }, [earned.data]);
}

/** The zone this browser last told the server, per student: `${userId} ${timeZone}`. */
const REPORTED_ZONE_KEY = "reportedTimeZone";

/**
 * Tells the server the browser's IANA zone, so streaks count the student's own days: when it is not the
 * one this browser last reported for this student (a first sign-in here, a journey), not on every load,
 * which cost each page a request and the settings contract's schemas.
 */
export function useReportTimeZone(userId: number) {
  useEffect(() => {
    browserTimeZone()
      .then(async (timeZone) => {
        const reported = `${userId} ${timeZone}`;
        if (!timeZone || localStorage.getItem(REPORTED_ZONE_KEY) === reported) return;
        await call((await timeZoneEndpoints()).save, { body: { timeZone }, keepsPrefetched: true });
        localStorage.setItem(REPORTED_ZONE_KEY, reported);
      })
      .catch((err: unknown) => console.error("Failed to save time zone:", err));
  }, [userId]);
}
