// The first code a page runs: its own entry, whose script tag vite.config.ts puts before the app's, so it
// runs as soon as the document is parsed, while the framework (~80 KB) is still downloading and long
// before it has been evaluated. A stored token almost always means a signed-in student: the session
// check and the shell's and the screen's code start here, in parallel, instead of one after the other
// once React is running. It imports nothing that needs the framework or zod.
import { drawFirstPaint } from "./app/first-paint.ts";
import { loadSignedInApp } from "./app/load-signed-in-app.ts";
import { loadPageModule } from "./app/page-modules.ts";
import { firstLoadRoute, SHELL_DATA } from "./app/routes.ts";
import { authToken, ME_PATH, prefetchGet, sessionUser } from "./lib/api.ts";
import { applyTheme, storedTheme } from "./lib/theme.ts";

// Before the first paint, so a dark-theme student never sees a white flash.
applyTheme(storedTheme() ?? "light", false);

if (authToken.get()) {
  prefetchGet(ME_PATH);
  const ignore = () => undefined; // a failed download is retried, and reported, when the page needs it
  loadSignedInApp().catch(ignore);
  const route = firstLoadRoute(window.location.pathname);
  if (route) {
    loadPageModule(route).catch(ignore);
    // The page's first data too: its content then waits for the slower of code and data, not for both.
    for (const url of [...SHELL_DATA, ...("data" in route ? route.data : [])]) prefetchGet(url);
  }
  // The page's heading, drawn now rather than after the framework's first render (app/first-paint.ts).
  const root = document.getElementById("root");
  if (root) drawFirstPaint(root, window.location.pathname, sessionUser.get());
}
