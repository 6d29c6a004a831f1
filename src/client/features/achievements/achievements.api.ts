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

/** Tells the server the browser's IANA zone once per page load, so streaks count the student's own days. */
export function useReportTimeZone() {
  useEffect(() => {
    browserTimeZone()
      .then(async (timeZone) => {
        if (timeZone)
          await call((await timeZoneEndpoints()).save, { body: { timeZone }, keepsPrefetched: true });
      })
      .catch((err: unknown) => console.error("Failed to save time zone:", err));
  }, []);
}
