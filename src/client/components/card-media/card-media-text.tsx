import { lazy, Suspense } from "react";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { ImagePlaceholder } from "./image-placeholder.tsx";

// Splitting a card into text, pictures and sounds (and drawing them) loads with the first card that has
// one: most cards have neither, and review's first load stays as small as it was.
const CardMediaParts = lazy(() =>
  import("./card-media-parts.tsx").then((m) => ({ default: m.CardMediaParts })),
);
const CardSoundButtons = lazy(() =>
  import("./card-media-parts.tsx").then((m) => ({ default: m.CardSoundButtons })),
);

/** A Markdown picture `![...](` or an Anki sound tag `[sound:` (card-model.ts has the full patterns). */
const MEDIA = /!\[[^\]\n]*\]\(|\[sound:/;

/**
 * A card's text with its `![alt](name)` pictures shown (issue 25 §1) and its `[sound:name]` sounds as play
 * buttons (nothing plays until pressed), each from the set it belongs to; the text around them is drawn
 * by CardText (Markdown and math). Cards without either go straight to CardText. `sounds="mark"` draws a
 * sound as a plain mark, for text inside a button (CardSounds then gives the buttons beside it).
 */
export function CardMediaText(props: {
  setId: number;
  text: string;
  inline?: boolean;
  className?: string;
  sounds?: "play" | "mark";
}) {
  if (!MEDIA.test(props.text))
    return <CardText text={props.text} inline={props.inline} className={props.className} />;
  return (
    <Suspense fallback={<ImagePlaceholder alt="" />}>
      <CardMediaParts {...props} />
    </Suspense>
  );
}

/** The play buttons of a text's sounds, for a text drawn inside a button (nothing, when it has none). */
export function CardSounds({ setId, text }: { setId: number; text: string }) {
  if (!text.includes("[sound:")) return null;
  return (
    <Suspense fallback={null}>
      <CardSoundButtons setId={setId} text={text} />
    </Suspense>
  );
}
