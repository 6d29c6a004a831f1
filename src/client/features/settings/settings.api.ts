import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { applyTheme, storedTheme } from "#client/lib/theme.ts";
import { type Settings, settingsEndpoints } from "#shared/settings.ts";

export const settingsQueries = {
  get: () => queryOptions({ queryKey: queryKeys.settings.all, queryFn: () => call(settingsEndpoints.get) }),
};

export const useSettings = () => useQuery(settingsQueries.get());

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Settings) => call(settingsEndpoints.save, { body }),
    onSuccess: (saved) => qc.setQueryData(settingsQueries.get().queryKey, saved),
  });
}

/** On a device that has no theme of its own yet, use the one saved with the account. */
export function useSavedThemeOnNewDevice() {
  const settings = useSettings();
  useEffect(() => {
    if (settings.data && !storedTheme()) applyTheme(settings.data.theme);
  }, [settings.data]);
}
