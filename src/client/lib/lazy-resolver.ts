import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * zodResolver for a schema that is imported on first use, for forms on the signed-out landing page:
 * the page draws without zod, which loads as the student starts typing (`preload` on focus) and is
 * there by the time the form validates.
 */
export function lazyZodResolver<T extends FieldValues>(
  load: () => Promise<z.ZodType<T, FieldValues>>,
): { resolver: Resolver<T>; preload: () => void } {
  let ready: Promise<Resolver<T>> | undefined;
  const get = () => {
    ready ??= Promise.all([import("@hookform/resolvers/zod"), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
      (err: unknown) => {
        ready = undefined; // a failed download is retried on the next attempt
        throw err;
      },
    );
    return ready;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
