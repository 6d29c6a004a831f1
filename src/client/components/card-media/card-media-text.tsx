import { lazy, Suspense } from "react";
import { CardText } from "#client/components/card-text/card-text.tsx";
import { IMAGE_MARKDOWN } from "#shared/flashcards/card-model.ts";
import { ImagePlaceholder } from "./image-placeholder.tsx";

// A picture (and the card media contract its download needs) loads with the first card that has one.
const CardImage = lazy(() => import("./card-image.tsx"));

/**
 * A card's text with its `![alt](name)` pictures shown (issue 25 §1), each from the set it belongs to;
 * the text around them is drawn by CardText (Markdown and math). Cards without a picture go straight
 * to CardText.
 */
export function CardMediaText({
  setId,
  text,
  inline = false,
  className,
}: {
  setId: number;
  text: string;
  inline?: boolean;
  className?: string;
}) {
  if (text.search(IMAGE_MARKDOWN) < 0) return <CardText text={text} inline={inline} className={className} />;
  type Part = { at: number } & (
    | { kind: "text"; value: string }
    | { kind: "image"; name: string; alt: string }
  );
  const parts: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(IMAGE_MARKDOWN)) {
    if (m.index > last) parts.push({ at: last, kind: "text", value: text.slice(last, m.index) });
    parts.push({ at: m.index, kind: "image", name: (m[2] ?? m[3])!, alt: m[1] ?? "" });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ at: last, kind: "text", value: text.slice(last) });
  const Tag = inline ? "span" : "div";
  return (
    <Tag className={className}>
      {parts.map((p) =>
        p.kind === "text" ? (
          <CardText key={p.at} text={p.value} inline={inline} />
        ) : (
          <Suspense key={p.at} fallback={<ImagePlaceholder alt={p.alt} />}>
            <CardImage setId={setId} name={p.name} alt={p.alt} />
          </Suspense>
        ),
      )}
    </Tag>
  );
}
