/** What a picture shows while its code or its bytes are on the way. */
export const ImagePlaceholder = ({ alt }: { alt: string }) => (
  <span
    className="my-1 block h-24 w-32 animate-pulse rounded bg-border"
    role="img"
    aria-label={alt || "Loading"}
  />
);
