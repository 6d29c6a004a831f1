// What "zod" means in the browser build (vite.config.ts aliases the bare name here): the same zod, told
// before any schema is built not to compile parsers with `new Function`, which Studyhall's CSP forbids
// (zod would otherwise probe for it and the browser would report a CSP violation).
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
