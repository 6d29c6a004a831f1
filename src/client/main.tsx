import "./boot.ts"; // first: in a dev server, where it has no script tag of its own
import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, StrictMode, Suspense, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppRouter, signedInCode } from "./app/router.tsx";
import { queryClient } from "./lib/query-client.ts";
import { registerAfterLoad } from "./lib/service-worker.ts";
import { useAnyToast } from "./lib/toast.tsx";
import "./styles.css";

// Offline before it was cached, the toast is not shown, but the page stays.
const Toaster = lazy<ComponentType>(() =>
  import("./lib/toaster.tsx").then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: () => null }),
  ),
);

/** The toast viewport is fetched with the first toast, not with every page. */
function LazyToaster() {
  return useAnyToast() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

// Installable and offline (issue 23): the service worker registers once the first screen has loaded.
// A static import: the module is small, and a lazy one would be cut into the shell's chunk, which the
// signed-out page would then download whole.
registerAfterLoad();

const root = createRoot(document.getElementById("root")!);
// A transition: React renders the first screen in slices that yield to the browser, rather than in one
// task that holds a throttled phone's main thread (Lighthouse's total blocking time).
const draw = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRouter />
          <LazyToaster />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
// A signed-in load keeps the HTML's own loading screen until the shell's and the page's code are here,
// then React draws once, the real screen: drawing its loading screen first was a render, commit and
// layout (~40 ms of a 4x-throttled phone's main thread) in the middle of the chunks' arrival.
if (signedInCode) void signedInCode.then(draw);
else draw();
