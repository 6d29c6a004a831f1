import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { box } from "#client/components/card-media/occlusion-view.tsx";
import type { OcclusionMask } from "#shared/flashcards/media-contract.ts";

type Rect = Pick<OcclusionMask, "x" | "y" | "w" | "h">;
const STEP = 0.02;
const clamp = (v: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, v));
/** A rectangle kept on the picture and never thinner than a step. */
const keepOn = (m: Rect): Rect => {
  const w = clamp(m.w, STEP, 1);
  const h = clamp(m.h, STEP, 1);
  return { x: clamp(m.x, 0, 1 - w), y: clamp(m.y, 0, 1 - h), w, h };
};

/**
 * Masks drawn over a picture: drag with a pointer to draw one; each mask is a button, so the keyboard
 * picks it (Tab), moves it (arrows), resizes it (Shift + arrows) and removes it (Delete).
 */
export function MaskCanvas({
  src,
  masks,
  onChange,
}: {
  src: string;
  masks: Rect[];
  onChange: (masks: Rect[]) => void;
}) {
  const area = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<{ from: [number, number]; rect: Rect } | null>(null);
  const at = (e: PointerEvent): [number, number] => {
    const r = area.current!.getBoundingClientRect();
    return [clamp((e.clientX - r.left) / r.width), clamp((e.clientY - r.top) / r.height)];
  };
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget && !(e.target instanceof HTMLImageElement)) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = at(e);
    setDraft({ from: p, rect: { x: p[0], y: p[1], w: 0, h: 0 } });
  };
  const move = (e: PointerEvent) => {
    if (!draft) return;
    const [x, y] = at(e);
    const [x0, y0] = draft.from;
    setDraft({
      ...draft,
      rect: { x: Math.min(x, x0), y: Math.min(y, y0), w: Math.abs(x - x0), h: Math.abs(y - y0) },
    });
  };
  const up = () => {
    if (draft && draft.rect.w > 0.01 && draft.rect.h > 0.01) onChange([...masks, keepOn(draft.rect)]);
    setDraft(null);
  };
  const key = (i: number) => (e: KeyboardEvent) => {
    const m = masks[i]!;
    const d: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    if (e.key === "Delete" || e.key === "Backspace") onChange(masks.filter((_, j) => j !== i));
    else if (d[e.key]) {
      const [dx, dy] = d[e.key]!;
      const next = e.shiftKey ? { ...m, w: m.w + dx, h: m.h + dy } : { ...m, x: m.x + dx, y: m.y + dy };
      onChange(masks.map((x, j) => (j === i ? keepOn(next) : x)));
    } else return;
    e.preventDefault();
  };
  return (
    <div
      ref={area}
      className="relative mx-auto w-fit max-w-full touch-none select-none"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      data-testid="mask-canvas"
    >
      <img
        src={src}
        alt="To cover with masks"
        draggable={false}
        className="block h-auto max-h-[50vh] max-w-full"
      />
      {masks.map((m, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: a mask is its place in the list (its card's ord)
          key={i}
          type="button"
          aria-label={`Mask ${i + 1}: arrows move, Shift+arrows resize, Delete removes`}
          className="absolute rounded-sm border-2 border-orange-700 bg-orange-500/70 text-sm font-bold text-white focus:outline-none focus:ring-4 focus:ring-blue-600"
          style={box(m)}
          onKeyDown={key(i)}
        >
          {i + 1}
        </button>
      ))}
      {draft && (
        <span className="absolute border-2 border-dashed border-orange-700" style={box(draft.rect)} />
      )}
    </div>
  );
}
