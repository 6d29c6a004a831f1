import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

interface Spec<N extends string, S extends string, F extends string> {
  /** `--name 5` or `--name=5`, with the value when absent. */
  numbers?: Record<N, number>;
  /** `--name value`: undefined when absent. */
  strings?: readonly S[];
  /** `--name` alone: true when given. */
  flags?: readonly F[];
}

/**
 * A bench's command-line flags, read with node:util's parseArgs. Flags the bench does not declare are
 * ignored, not refused: `npm run bench` (run-all.ts) hands every bench the same arguments.
 */
export function benchArgs<N extends string = never, S extends string = never, F extends string = never>(
  spec: Spec<N, S, F>,
  args = process.argv.slice(2),
): Record<N, number> & Partial<Record<S, string>> & Record<F, boolean> {
  const numbers = Object.entries<number>(spec.numbers ?? ({} as Record<N, number>));
  const valued = [...numbers.map(([name]) => name), ...(spec.strings ?? [])];
  const options: ParseArgsOptionsConfig = Object.fromEntries([
    ...valued.map((name) => [name, { type: "string" }] as const),
    ...(spec.flags ?? []).map((name) => [name, { type: "boolean" }] as const),
  ]);
  const { values } = parseArgs({ args, options, strict: false, allowPositionals: true });
  const text = (name: string) => {
    const value = values[name];
    if (value === true) throw new Error(`--${name} needs a value`);
    return value;
  };
  const out: Record<string, number | string | boolean | undefined> = {};
  for (const [name, fallback] of numbers) {
    const value = text(name);
    out[name] = value === undefined ? fallback : Number(value);
    if (!Number.isFinite(out[name])) throw new Error(`--${name} must be a number, not '${value}'`);
  }
  for (const name of spec.strings ?? []) out[name] = text(name);
  for (const name of spec.flags ?? []) out[name] = values[name] === true;
  return out as Record<N, number> & Partial<Record<S, string>> & Record<F, boolean>;
}
