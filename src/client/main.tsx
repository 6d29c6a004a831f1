import "./boot.ts"; // first: in a dev server, where it has no script tag of its own
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { AppRouter } from "./app/router.tsx";
import { queryClient } from "./lib/query-client.ts";
import { applyTheme, storedTheme } from "./lib/theme.ts";
import { useAnyToast } from "./lib/toast.tsx";
import "./styles.css";

// Before the first paint, so a dark-theme student never sees a white flash.
applyTheme(storedTheme() ?? "light", false);

const Toaster = lazy(() => import("./lib/toaster.tsx").then((m) => ({ default: m.Toaster })));

/** The toast viewport is fetched with the first toast, not with every page. */
function LazyToaster() {
  return useAnyToast() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

// Installable and offline (issue 23): the service worker registers once the first screen has loaded.
if ("serviceWorker" in navigator) {
  const register = () =>
    import("./lib/service-worker.ts").then((m) => m.registerAfterLoad()).catch(console.error);
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <LazyToaster />
    </QueryClientProvider>
  </StrictMode>,
);
