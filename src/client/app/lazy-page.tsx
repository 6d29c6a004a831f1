import { type ComponentType, lazy, useState } from "react";
import { LoadFailed } from "#client/components/load-failed.tsx";
import { loadPageModule } from "./page-modules.ts";
import { firstLoadRoute, ROUTES, type Route, SIGNED_OUT_ROUTE } from "./routes.ts";

// Each screen is its own chunk: the first load carries only the shell and the current page.
// biome-ignore lint/suspicious/noExplicitAny: a page's own props, whatever they are
export type Page = ComponentType<any> & { preload: () => Promise<unknown> };
export const page = (load: () => Promise<Record<string, unknown>>, name: string): Page => {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((m) => {
      if (m[name] == null) throw new Error(`the page module has no export ${name}`);
      loaded = m[name] as ComponentType;
    });
  const Lazy = lazy<ComponentType>(async () => {
    try {
      await preload();
    } catch (error) {
      // Offline before the service worker cached it: the page says so inside the shell, never a white
      // screen (React would unmount the whole app, with what the student typed). Another page tries its own.
      console.error("A page could not load:", error);
      return { default: () => <LoadFailed /> };
    }
    return { default: loaded! };
  });
  // A page whose code is already here draws in this very render: React.lazy suspends once even then, and
  // React holds a boundary's content back until 300 ms after its fallback showed (a blank first load).
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, like React.lazy
  function LoadedOrLazy(props: object) {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(LoadedOrLazy, { preload });
};

/** Each row's lazy page, made once. */
const PAGES = new Map<Route, Page>(ROUTES.map((r) => [r, page(() => loadPageModule(r), r.component)]));

/** The lazy page component of a route table row. */
export const pageOf = (route: Route): Page => PAGES.get(route)!;

export const OnboardingPage = pageOf(SIGNED_OUT_ROUTE);

/** The routes of one kind, each with its lazy page, in table order. */
export const routesFor = (access: Route["access"]) =>
  ROUTES.filter((r) => r.access === access).map((r) => ({ path: r.path, Page: pageOf(r) }));

/** This path's page code, when it is a first-load route (boot.ts has already started the download). */
export const preloadPage = (pathname: string): Promise<unknown> | undefined => {
  const route = firstLoadRoute(pathname);
  return route && pageOf(route).preload();
};
