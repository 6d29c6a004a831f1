import { QueryView } from "#client/components/query-view.tsx";
import { Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { Occlusion } from "#shared/flashcards/media-contract.ts";
import { useMediaUrl } from "./media-url.ts";
import { useOcclusion } from "./occlusion-query.ts";

/**
 * An occlusion card in review: every mask covers its part of the picture (Anki's 'hide all, guess one'),
 * or only the asked one in a 'hide one, guess one' note; the one asked for is marked '?', and the answer
 * uncovers it and outlines where it was.
 */
export function OcclusionView({ cardId, revealed }: { cardId: number; revealed: boolean }) {
  const query = useOcclusion(cardId);
  return (
    <QueryView
      query={query}
      pending={<Skeleton className="h-48" />}
      error={(err) => <p role="alert">{errorMessage(err, "Could not load the picture.")}</p>}
    >
      {(o) => <Covered o={o} revealed={revealed} />}
    </QueryView>
  );
}

function Covered({ o, revealed }: { o: Occlusion; revealed: boolean }) {
  const url = useMediaUrl(o.flashcardSetId, o.image);
  if (!url.data) return <Skeleton className="h-48" />;
  return (
    <figure className="relative mx-auto w-fit max-w-full" data-testid="occlusion-view">
      <img
        src={url.data}
        alt={revealed ? `Part ${o.ord + 1} uncovered` : `Part ${o.ord + 1} hidden`}
        className="block h-auto max-h-[60vh] max-w-full"
      />
      {o.masks.map((m, i) => {
        const asked = i === o.ord;
        if (!asked && o.hideOne) return null;
        if (asked && revealed)
          return (
            <span
              key={`${m.x}-${m.y}-${m.w}-${m.h}`}
              className="absolute rounded-sm border-2 border-orange-500"
              style={box(m)}
              data-testid="occlusion-revealed"
            />
          );
        return (
          <span
            key={`${m.x}-${m.y}-${m.w}-${m.h}`}
            className={`absolute grid place-items-center rounded-sm text-lg font-bold text-white ${asked ? "bg-orange-600" : "bg-slate-600"}`}
            style={box(m)}
            data-testid={asked ? "occlusion-asked" : "occlusion-other"}
            aria-hidden
          >
            {asked ? "?" : ""}
          </span>
        );
      })}
    </figure>
  );
}

export const box = (m: { x: number; y: number; w: number; h: number }) => ({
  left: `${m.x * 100}%`,
  top: `${m.y * 100}%`,
  width: `${m.w * 100}%`,
  height: `${m.h * 100}%`,
});
