import { useQuery } from "@tanstack/react-query";
import { download, endpointTable } from "#client/lib/api.ts";
import { cardMediaUrl } from "#shared/flashcards/media-names.ts";

const mediaEndpoints = endpointTable(
  () => import("#shared/flashcards/media-contract.ts"),
  "flashcardMediaEndpoints",
);

/**
 * A card picture as a URL an <img> can show: the picture is fetched with the student's token (an <img>
 * request carries none) and kept as an object URL for the session.
 */
export function useMediaUrl(setId: number, name: string | null) {
  return useQuery({
    queryKey: ["card-media", setId, name],
    enabled: name !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const e = (await mediaEndpoints()).media;
      const { blob } = await download({ ...e, path: cardMediaUrl(setId, name!) });
      return URL.createObjectURL(blob);
    },
  });
}
