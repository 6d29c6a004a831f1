import type { OcclusionMask } from "#shared/flashcards/media-contract.ts";

/**
 * Anki's image occlusion notes (23.10+): the Occlusion field holds each shape as a cloze,
 * `{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.4:oi=1}}` (`oi=1`: the shape stays covered
 * while another part is asked, 'hide all, guess one'), read here as Anki reads it
 * (rslib/src/image_occlusion/imageocclusion.rs `parse_image_cloze`: the shape's kind, then `:name=value`
 * pairs, `\:` and `\\` escaped in values; ts/routes/image-occlusion/shapes/*.ts for what each kind
 * stores). Kinds: rect (left, top, width, height) and ellipse (left, top of its box, rx, ry), both
 * turned by `angle` (10,000ths of a turn) about left/top as Anki's reviewer draws them (review.ts
 * drawShape); polygon (points "x,y x,y ...", drawn moved so their corner is at left/top); text (text;
 * cloze number 0, a label drawn on the picture, not a card).
 * Positions are fractions of the picture since Anki normalised them; the first builds stored pixels
 * (Anki's own tests still read "rect:left=10:top=20:width=30:height=10"), which `pixels` tells.
 */

/** A box: left, top, right, bottom. */
type Box = { x0: number; y0: number; x1: number; y1: number };
type Props = Map<string, string>;
type Shape = { kind: string; props: Props };
type Size = { width: number; height: number };

const IO_CLOZE = /\{\{c([\d,]+)::image-occlusion:((?:[^\\}]|\\.|\}(?!\}))*)\}\}/g;

/** Whether a field's text is image occlusion shapes (what tells an IO note in any language). */
export const hasOcclusionShapes = (field: string) => /\{\{c[\d,]+::image-occlusion:/.test(field);

function shapeOf(body: string): Shape {
  const [kind = "", ...rest] = body.split(/(?<!\\):/);
  const props: Props = new Map();
  for (const pair of rest) {
    const at = pair.indexOf("=");
    if (at > 0) props.set(pair.slice(0, at), pair.slice(at + 1).replace(/\\([\\:])/g, "$1"));
  }
  return { kind, props };
}

/** A property as a number, or NaN when absent or not one. */
const numberOf = (props: Props, name: string) => {
  const v = props.get(name);
  return v === undefined || v.trim() === "" ? Number.NaN : Number(v);
};

const union = (a: Box | null, b: Box): Box =>
  a
    ? {
        x0: Math.min(a.x0, b.x0),
        y0: Math.min(a.y0, b.y0),
        x1: Math.max(a.x1, b.x1),
        y1: Math.max(a.y1, b.y1),
      }
    : b;

/**
 * The box a shape covers, in pixels of a picture of `size` (positions times it; pixel positions are
 * already pixels, size 1 x 1): turning is only right in pixels, where the reviewer turns it.
 */
function boxOf({ kind, props }: Shape, size: Size): Box | null {
  const sx = size.width;
  const sy = size.height;
  const left = numberOf(props, "left") * sx;
  const top = numberOf(props, "top") * sy;
  if (kind === "polygon") {
    const points = (props.get("points") ?? "")
      .split(" ")
      .map((p) => p.split(",").map(Number))
      .filter((p): p is [number, number] => p.length === 2 && p.every(Number.isFinite));
    if (points.length === 0) return null;
    const xs = points.map((p) => p[0] * sx);
    const ys = points.map((p) => p[1] * sy);
    const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    const dx = Number.isFinite(left) ? left - box.x0 : 0;
    const dy = Number.isFinite(top) ? top - box.y0 : 0;
    return { x0: box.x0 + dx, y0: box.y0 + dy, x1: box.x1 + dx, y1: box.y1 + dy };
  }
  if (kind !== "rect" && kind !== "ellipse") return null;
  const rx = numberOf(props, "rx") * sx;
  const ry = numberOf(props, "ry") * sy;
  const ellipse = kind === "ellipse" && Number.isFinite(rx) && Number.isFinite(ry);
  // Fabric's ellipse: left/top is the corner of its box, rx/ry its radii.
  const width = ellipse ? 2 * rx : numberOf(props, "width") * sx;
  const height = ellipse ? 2 * ry : numberOf(props, "height") * sy;
  if (![left, top, width, height].every(Number.isFinite) || width <= 0 || height <= 0) return null;
  const turn = ((numberOf(props, "angle") % 10_000) / 10_000) * 2 * Math.PI || 0;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const at = (x: number, y: number) => ({ x: left + x * cos - y * sin, y: top + x * sin + y * cos });
  if (ellipse) {
    const c = at(width / 2, height / 2);
    const ex = Math.hypot(rx * cos, ry * sin);
    const ey = Math.hypot(rx * sin, ry * cos);
    return { x0: c.x - ex, y0: c.y - ey, x1: c.x + ex, y1: c.y + ey };
  }
  const corners = [at(0, 0), at(width, 0), at(0, height), at(width, height)];
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

export type OcclusionShapes = {
  /** The cloze numbers that have a mask, ascending: mask i is cloze number numbers[i] (Anki's ord + 1). */
  numbers: number[];
  /** By mask: its shapes, and the text of a text shape of the same number. */
  masks: { shapes: Shape[]; label: string | undefined }[];
  /** Whether the positions are pixels (the first IO builds), not fractions of the picture. */
  pixels: boolean;
  /**
   * 'Hide one, guess one': no shape has `oi=1` (occludeInactive, which Anki's editor sets on every shape
   * in 'hide all, guess one'); its reviewer then draws only the asked part's shapes.
   */
  hideOne: boolean;
};

const UNIT: Size = { width: 1, height: 1 };

export function parseOcclusionShapes(field: string): OcclusionShapes {
  const byNumber = new Map<number, { shapes: Shape[]; label: string | undefined; box: Box | null }>();
  let occludesInactive = false;
  for (const [, numbers, body] of field.matchAll(IO_CLOZE)) {
    const shape = shapeOf(body!);
    if (shape.props.get("oi") === "1") occludesInactive = true;
    const box = boxOf(shape, UNIT);
    const text = shape.kind === "text" ? shape.props.get("text")?.trim() : undefined;
    for (const n of new Set(numbers!.split(",").map(Number))) {
      if (!Number.isInteger(n) || n < 1) continue;
      const mask = byNumber.get(n) ?? { shapes: [], label: undefined, box: null };
      if (box) {
        mask.shapes.push(shape);
        mask.box = union(mask.box, box);
      }
      if (text && !mask.label) mask.label = text;
      byNumber.set(n, mask);
    }
  }
  const numbers = [...byNumber.keys()].filter((n) => byNumber.get(n)!.box).sort((a, b) => a - b);
  const masks = numbers.map((n) => byNumber.get(n)!);
  // A fraction never passes 1 (Anki's editor keeps shapes on the picture); a pixel position does.
  const pixels = masks.some((m) => m.box!.x1 > 1.01 || m.box!.y1 > 1.01);
  return {
    numbers,
    masks: masks.map(({ shapes, label }) => ({ shapes, label })),
    pixels,
    hideOne: numbers.length > 0 && !occludesInactive,
  };
}

/**
 * The masks in fractions of the picture, each the box around its shapes, clipped to the picture. `size`
 * is the picture's, in pixels: what pixel positions are divided by, and what fractions are turned in
 * (without it, fractions are turned as if the picture were square).
 */
export function occlusionMasks(shapes: OcclusionShapes, size: Size | null): OcclusionMask[] | null {
  if (shapes.pixels && !size) return null;
  const space = shapes.pixels ? UNIT : (size ?? UNIT);
  const sx = size?.width ?? 1;
  const sy = size?.height ?? 1;
  // Anki writes 4 fraction digits (shapes/lib.ts floatToDisplay): no more precision than that is real.
  const clip = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;
  return shapes.masks.map(({ shapes: parts, label }) => {
    let box: Box | null = null;
    for (const part of parts) {
      const b = boxOf(part, space);
      if (b) box = union(box, b);
    }
    const { x0, y0, x1, y1 } = box!;
    const x = clip(x0 / sx);
    const y = clip(y0 / sy);
    // A sliver still covers something: at least the smallest mask Studyhall draws.
    const w = clip(Math.max(0.005, clip(x1 / sx) - x));
    const h = clip(Math.max(0.005, clip(y1 / sy) - y));
    return {
      x: clip(Math.min(x, 1 - w)),
      y: clip(Math.min(y, 1 - h)),
      w,
      h,
      ...(label ? { label: label.slice(0, 100) } : {}),
    };
  });
}

/**
 * The masks' labels for an exported note's Comments field, one line each ("Mask 2: left atrium"): Anki
 * draws an IO text shape on the question too, which would give the answer away, and shows Comments on no
 * card, so there they survive a trip through Anki and back (`labelsFromComments`).
 */
export const labelsComment = (masks: readonly { label?: string | undefined }[]) =>
  masks.flatMap((m, i) => (m.label ? [`Mask ${i + 1}: ${m.label}`] : [])).join("\n");

/** The labels `labelsComment` wrote, by cloze number; other lines of the field are the student's notes. */
export function labelsFromComments(text: string): Map<number, string> {
  const labels = new Map<number, string>();
  for (const line of text.split("\n")) {
    const m = /^Mask (\d+): (.+)$/.exec(line.trim());
    if (m) labels.set(Number(m[1]), m[2]!.trim());
  }
  return labels;
}
