import { ImagePlaceholder } from "./image-placeholder.tsx";
import { useMediaUrl } from "./media-url.ts";

/** A card picture, never wider than the card and not taller than a phone's half screen. */
export default function CardImage({ setId, name, alt }: { setId: number; name: string; alt: string }) {
  const url = useMediaUrl(setId, name);
  if (!url.data) return <ImagePlaceholder alt={alt} />;
  return (
    <img
      src={url.data}
      alt={alt || "On the card"}
      loading="lazy"
      decoding="async"
      className="my-1 block h-auto max-h-[50vh] max-w-full rounded border border-border object-contain"
    />
  );
}
