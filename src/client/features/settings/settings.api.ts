import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { applyTheme, storedTheme } from "#client/lib/theme.ts";
import type { Settings } from "#shared/settings/contract.ts";

// Loaded on first use (see achievements.api.ts): the screen draws before zod and the schemas run.
const endpoints = endpointTable(() => import("#shared/settings/contract.ts"), "settingsEndpoints");

export const settingsQueries = {
  get: () =>
    queryOptions({ queryKey: queryKeys.settings.all, queryFn: async () => call((await endpoints()).get) }),
};

export const useSettings = () => useQuery(settingsQueries.get());

const settingsKey = settingsQueries.get().queryKey;

/**
 * Every control saves on change (issue 9 §3: one save model): shown at once, rolled back if the server
 * refuses. One scope runs the saves in order, so a quick second toggle cannot be overtaken by the first.
 */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    scope: { id: "settings" },
    mutationFn: async (body: Settings) => call((await endpoints()).save, { body }),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: settingsKey });
      const previous = qc.getQueryData(settingsKey);
      qc.setQueryData(settingsKey, body);
      return { previous };
    },
    onError: (_err, _body, context) => {
      if (context?.previous) qc.setQueryData(settingsKey, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(settingsKey, saved),
  });
}

/** On a device that has no theme of its own yet, use the one saved with the account. */
export function useSavedThemeOnNewDevice() {
  const settings = useSettings();
  useEffect(() => {
    if (settings.data && !storedTheme()) applyTheme(settings.data.theme);
  }, [settings.data]);
}
