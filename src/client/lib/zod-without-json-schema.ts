// zod's classic schemas carry methods that write JSON Schema (`toJSONSchema`, Standard JSON Schema), and
// with them ~17 KB of generator code (~4.5 KB gzip) that the browser never runs: Studyhall only parses.
// vite.config.ts points classic/schemas.js's two JSON Schema imports here in the client build. Calling
// one of these in the browser fails loudly instead of producing a wrong schema. `aggregateChecks` is the
// one helper parsing-side getters (e.g. `schema.minLength`) use, so it stays the real one.
// @ts-expect-error resolved by vite.config.ts to zod/v4/core/json-schema-processors.js
export { aggregateChecks } from "zod-json-schema-processors";

const unavailable = () => {
  throw new Error("JSON Schema generation is not part of the browser build");
};
export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;
export {
  unavailable as anyProcessor,
  unavailable as arrayProcessor,
  unavailable as bigintProcessor,
  unavailable as booleanProcessor,
  unavailable as catchProcessor,
  unavailable as customProcessor,
  unavailable as dateProcessor,
  unavailable as defaultProcessor,
  unavailable as enumProcessor,
  unavailable as fileProcessor,
  unavailable as functionProcessor,
  unavailable as intersectionProcessor,
  unavailable as lazyProcessor,
  unavailable as literalProcessor,
  unavailable as mapProcessor,
  unavailable as nanProcessor,
  unavailable as neverProcessor,
  unavailable as nonoptionalProcessor,
  unavailable as nullProcessor,
  unavailable as nullableProcessor,
  unavailable as numberProcessor,
  unavailable as objectProcessor,
  unavailable as optionalProcessor,
  unavailable as pipeProcessor,
  unavailable as prefaultProcessor,
  unavailable as promiseProcessor,
  unavailable as readonlyProcessor,
  unavailable as recordProcessor,
  unavailable as setProcessor,
  unavailable as stringProcessor,
  unavailable as successProcessor,
  unavailable as symbolProcessor,
  unavailable as templateLiteralProcessor,
  unavailable as transformProcessor,
  unavailable as tupleProcessor,
  unavailable as undefinedProcessor,
  unavailable as unionProcessor,
  unavailable as unknownProcessor,
  unavailable as voidProcessor,
};
