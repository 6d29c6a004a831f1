import { lazy, Suspense } from "react";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { SoundMark } from "#client/components/card-text/sound-mark.tsx";
import { IMAGE_MARKDOWN, SOUND_TAG } from "#shared/flashcards/card-model.ts";
import { ImagePlaceholder } from "./image-placeholder.tsx";

// A picture or a sound (and the card media contract its download needs) loads with the first card that
// has one.
const CardImage = lazy(() => import("./card-image.tsx"));
const CardSound = lazy(() => import("./card-sound.tsx"));

type Part = { at: number } & (
  | { kind: "text"; value: string }
  | { kind: "image"; name: string; alt: string }
  | { kind: "sound"; name: string }
);

/** The text between, the pictures (`![alt](name)`) and the sounds (`[sound:name]`), in order. */
function partsOf(text: string): Part[] {
  const found: (Part & { end: number })[] = [];
  for (const m of text.matchAll(IMAGE_MARKDOWN))
    found.push({
      at: m.index,
      end: m.index + m[0].length,
      kind: "image",
      name: (m[2] ?? m[3])!,
      alt: m[1] ?? "",
    });
  for (const m of text.matchAll(SOUND_TAG))
    found.push({ at: m.index, end: m.index + m[0].length, kind: "sound", name: m[1]! });
  found.sort((a, b) => a.at - b.at);
  const parts: Part[] = [];
  let last = 0;
  for (const { end, ...p } of found) {
    // A sound tag inside an image's alt text (or the reverse) stays part of the outer one.
    if (p.at < last) continue;
    if (p.at > last) parts.push({ at: last, kind: "text", value: text.slice(last, p.at) });
    parts.push(p);
    last = end;
  }
  if (last < text.length) parts.push({ at: last, kind: "text", value: text.slice(last) });
  return parts;
}

/** CardMediaText's card with pictures or sounds (card-media-text.tsx says what each becomes). */
export function CardMediaParts({
  setId,
  text,
  inline = false,
  className,
  sounds = "play",
}: {
  setId: number;
  text: string;
  inline?: boolean;
  className?: string;
  sounds?: "play" | "mark";
}) {
  const Tag = inline ? "span" : "div";
  return (
    <Tag className={className}>
      {partsOf(text).map((p) =>
        p.kind === "text" ? (
          <CardText key={p.at} text={p.value} inline={inline} />
        ) : p.kind === "image" ? (
          <Suspense key={p.at} fallback={<ImagePlaceholder alt={p.alt} />}>
            <CardImage setId={setId} name={p.name} alt={p.alt} />
          </Suspense>
        ) : sounds === "mark" ? (
          <SoundMark key={p.at} />
        ) : (
          <Suspense key={p.at} fallback={<SoundMark />}>
            <CardSound setId={setId} name={p.name} />
          </Suspense>
        ),
      )}
    </Tag>
  );
}

/** The play buttons of a text's sounds. */
export function CardSoundButtons({ setId, text }: { setId: number; text: string }) {
  const names = [...new Set([...text.matchAll(SOUND_TAG)].map((m) => m[1]!))];
  return (
    <div className="flex flex-wrap justify-center gap-2">
      {names.map((name) => (
        <Suspense key={name} fallback={<SoundMark />}>
          <CardSound setId={setId} name={name} />
        </Suspense>
      ))}
    </div>
  );
}
