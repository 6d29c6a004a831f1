/// <reference types="vite/client" />
// The code behind each row of routes.ts, without React: boot.ts starts these downloads before the
// framework has arrived, and lazy-page.tsx builds its lazy pages on the same loaders.
import type { ComponentType } from "react";
import type { AppRoute } from "./routes.ts";

// biome-ignore lint/suspicious/noExplicitAny: a page's own props, whatever they are
type PageModule = Record<string, ComponentType<any>>;

// Every page file the table may name (routes.ts `page`); each is a lazy chunk, loaded only when asked for.
const PAGE_FILES = import.meta.glob<PageModule>(["./pages/*-page.tsx", "../features/*/*-page.tsx"]);

/** The module of a route's page file. */
export function loadPageModule(route: Pick<AppRoute, "page">): Promise<PageModule> {
  const load = PAGE_FILES[route.page];
  if (!load) return Promise.reject(new Error(`routes.ts names ${route.page}, which is not a page file`));
  return load();
}

/** Page files present, for the route table's test. */
export const pageFiles = () => Object.keys(PAGE_FILES);
