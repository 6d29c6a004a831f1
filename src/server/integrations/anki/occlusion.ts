import type { OcclusionMask } from "#shared/flashcards/media-contract.ts";

/**
 * Anki's image occlusion notes (23.10+): the Occlusion field holds each shape as a cloze,
 * `{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.4:oi=1}}`, read here as Anki reads it
 * (rslib/src/image_occlusion/imageocclusion.rs `parse_image_cloze`: the shape's kind, then `:name=value`
 * pairs, `\:` and `\\` escaped in values; ts/routes/image-occlusion/shapes/*.ts for what each kind
 * stores). Kinds: rect (left, top, width, height), ellipse (left, top of its box, rx, ry), polygon
 * (points "x,y x,y ..."), text (text; cloze number 0, a label drawn on the picture, not a card).
 * Positions are fractions of the picture since Anki normalised them; the first builds stored pixels
 * (Anki's own tests still read "rect:left=10:top=20:width=30:height=10"), which `pixels` tells.
 */

/** A shape as a box, in the units its note stored. */
type Box = { x0: number; y0: number; x1: number; y1: number };
type Shape = { numbers: number[]; box: Box | null; text: string | null };

const IO_CLOZE = /\{\{c([\d,]+)::image-occlusion:((?:[^\\}]|\\.|\}(?!\}))*)\}\}/g;

/** Whether a field's text is image occlusion shapes (what tells an IO note in any language). */
export const hasOcclusionShapes = (field: string) => /\{\{c[\d,]+::image-occlusion:/.test(field);

function properties(body: string): { kind: string; props: Map<string, string> } {
  const [kind = "", ...rest] = body.split(/(?<!\\):/);
  const props = new Map<string, string>();
  for (const pair of rest) {
    const at = pair.indexOf("=");
    if (at > 0) props.set(pair.slice(0, at), pair.slice(at + 1).replace(/\\([\\:])/g, "$1"));
  }
  return { kind, props };
}

/** A property as a number, or NaN when absent or not one. */
const numberOf = (props: Map<string, string>, name: string) => {
  const v = props.get(name);
  return v === undefined || v.trim() === "" ? Number.NaN : Number(v);
};

function boxOf(kind: string, props: Map<string, string>): Box | null {
  const left = numberOf(props, "left");
  const top = numberOf(props, "top");
  if (kind === "polygon") {
    const points = (props.get("points") ?? "")
      .split(" ")
      .map((p) => p.split(",").map(Number))
      .filter((p): p is [number, number] => p.length === 2 && p.every(Number.isFinite));
    if (points.length === 0) return null;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  }
  let width = numberOf(props, "width");
  let height = numberOf(props, "height");
  if (kind === "ellipse") {
    // Fabric's ellipse: left/top is the corner of its box, rx/ry its radii.
    const rx = numberOf(props, "rx");
    const ry = numberOf(props, "ry");
    if (Number.isFinite(rx) && Number.isFinite(ry)) {
      width = 2 * rx;
      height = 2 * ry;
    }
  } else if (kind !== "rect") return null;
  if (![left, top, width, height].every(Number.isFinite) || width <= 0 || height <= 0) return null;
  return { x0: left, y0: top, x1: left + width, y1: top + height };
}

export type OcclusionShapes = {
  /** The cloze numbers that have a mask, ascending: mask i is cloze number numbers[i] (Anki ord - 1 + 1). */
  numbers: number[];
  /** By mask: the union of its shapes' boxes, and the text of a text shape of the same number. */
  masks: { box: Box; label: string | undefined }[];
  /** Whether the positions are pixels (the first IO builds), not fractions of the picture. */
  pixels: boolean;
};

export function parseOcclusionShapes(field: string): OcclusionShapes {
  const shapes: Shape[] = [];
  for (const [, numbers, body] of field.matchAll(IO_CLOZE)) {
    const { kind, props } = properties(body!);
    shapes.push({
      numbers: [...new Set(numbers!.split(",").map(Number))].filter((n) => Number.isInteger(n) && n > 0),
      box: boxOf(kind, props),
      text: kind === "text" ? (props.get("text") ?? null) : null,
    });
  }
  const byNumber = new Map<number, { box: Box | null; label: string | undefined }>();
  for (const s of shapes)
    for (const n of s.numbers) {
      const mask = byNumber.get(n) ?? { box: null, label: undefined };
      if (s.box)
        mask.box = mask.box
          ? {
              x0: Math.min(mask.box.x0, s.box.x0),
              y0: Math.min(mask.box.y0, s.box.y0),
              x1: Math.max(mask.box.x1, s.box.x1),
              y1: Math.max(mask.box.y1, s.box.y1),
            }
          : s.box;
      if (s.text?.trim() && !mask.label) mask.label = s.text.trim();
      byNumber.set(n, mask);
    }
  const numbers = [...byNumber.keys()].filter((n) => byNumber.get(n)!.box).sort((a, b) => a - b);
  const masks = numbers.map((n) => byNumber.get(n) as { box: Box; label: string | undefined });
  // A fraction never passes 1 (Anki's editor keeps shapes on the picture); a pixel position does.
  const pixels = masks.some((m) => m.box.x1 > 1.01 || m.box.y1 > 1.01);
  return { numbers, masks, pixels };
}

/** The masks in fractions of the picture (`size` converts pixel positions), clipped to it. */
export function occlusionMasks(
  shapes: OcclusionShapes,
  size: { width: number; height: number } | null,
): OcclusionMask[] | null {
  if (shapes.pixels && !size) return null;
  const sx = shapes.pixels ? size!.width : 1;
  const sy = shapes.pixels ? size!.height : 1;
  // Anki writes 4 fraction digits (shapes/lib.ts floatToDisplay): no more precision than that is real.
  const clip = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;
  return shapes.masks.map(({ box, label }) => {
    const x = clip(box.x0 / sx);
    const y = clip(box.y0 / sy);
    // A sliver still covers something: at least the smallest mask Studyhall draws.
    const w = clip(Math.max(0.005, clip(box.x1 / sx) - x));
    const h = clip(Math.max(0.005, clip(box.y1 / sy) - y));
    return {
      x: clip(Math.min(x, 1 - w)),
      y: clip(Math.min(y, 1 - h)),
      w,
      h,
      ...(label ? { label: label.slice(0, 100) } : {}),
    };
  });
}
