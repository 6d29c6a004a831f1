/// <reference types="vite/client" />
// Every endpoint the shared contracts declare, found by walking what src/shared exports: a route test
// and the malformed-input sweep check against this list, so an endpoint added tomorrow is in it too.

export interface DeclaredEndpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
}

const CONTRACTS = import.meta.glob<Record<string, unknown>>(
  ["../src/shared/**/*.ts", "!../src/shared/**/*.test.ts"],
  { eager: true },
);

const isEndpoint = (e: unknown): e is DeclaredEndpoint =>
  typeof e === "object" && e !== null && "method" in e && typeof (e as DeclaredEndpoint).path === "string";

/** One entry per method and path, however many tables name it. */
export const DECLARED_ENDPOINTS: readonly DeclaredEndpoint[] = [
  ...new Map(
    Object.values(CONTRACTS)
      .flatMap((module) => Object.values(module))
      .filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null)
      .flatMap((table) => Object.values(table))
      .filter(isEndpoint)
      .map((e) => [`${e.method} ${e.path}`, e] as const),
  ).values(),
];
