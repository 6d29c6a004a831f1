import { z } from "zod";

type Def = {
  type: string;
  checks?: z.core.$ZodCheck<unknown>[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.core.$ZodRecordKey;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
  in?: z.ZodType;
};

const cache = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema with every object made strict, however deep: an unknown key anywhere is an issue. Used to
 * check what the server sends; z.object() strips unknown keys, which on an answer would hide a leaked field
 * instead of reporting it. Only validation matters here, so a default becomes optional and a pipe checks
 * its input side (the value that is sent).
 */
export function strictSchema(schema: z.ZodType): z.ZodType {
  let strict = cache.get(schema);
  if (!strict) {
    strict = build(schema);
    cache.set(schema, strict);
  }
  return strict;
}

function build(schema: z.ZodType): z.ZodType {
  const def = schema.def as unknown as Def;
  const withChecks = <T extends z.ZodType>(s: T) =>
    def.checks?.length ? s.check(...(def.checks as z.core.$ZodCheck<z.output<T>>[])) : s;
  switch (def.type) {
    case "object": {
      const shape = Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, strictSchema(v)]));
      const open = def.catchall && def.catchall.def.type !== "never";
      return withChecks(open ? z.object(shape).catchall(strictSchema(def.catchall!)) : z.strictObject(shape));
    }
    case "array":
      return withChecks(z.array(strictSchema(def.element!)));
    case "record":
      return withChecks(z.record(def.keyType!, strictSchema(def.valueType!)));
    case "tuple": {
      const items = def.items!.map(strictSchema) as [z.ZodType, ...z.ZodType[]];
      return def.rest ? z.tuple(items, strictSchema(def.rest)) : z.tuple(items);
    }
    case "union":
      return z.union(def.options!.map(strictSchema));
    case "optional":
    case "default":
    case "prefault":
      return strictSchema(def.innerType!).optional();
    case "nullable":
      return strictSchema(def.innerType!).nullable();
    case "readonly":
    case "nonoptional":
    case "catch":
      return strictSchema(def.innerType!);
    case "lazy":
      return z.lazy(() => strictSchema(def.getter!()));
    case "pipe":
      return strictSchema(def.in!);
    default:
      // Leaves (strings, numbers, literals, enums, unknown) have no keys to check; an intersection of
      // strict objects would reject each side's keys, so it is checked as declared.
      return schema;
  }
}
