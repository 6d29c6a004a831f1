import { QueryClientProvider } from "@tanstack/react-query";
import { Tooltip } from "radix-ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { TOOLTIP } from "#shared/constants.ts";
import { AppRouter } from "./app/router.tsx";
import { queryClient } from "./lib/query-client.ts";
import { applyTheme, storedTheme } from "./lib/theme.ts";
import { Toaster } from "./lib/toast.tsx";
import "./styles.css";

// Before the first paint, so a dark-theme student never sees a white flash.
applyTheme(storedTheme() ?? "light", false);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TOOLTIP.delayMs} skipDelayDuration={TOOLTIP.skipDelayMs}>
        <AppRouter />
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  </StrictMode>,
);
