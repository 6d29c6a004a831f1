import { RotateCcw, Shuffle, Star } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { useSetStar } from "./study-modes.api.ts";
import type { RunOptions } from "./study-run.ts";

/** Shuffle and 'starred only' for any mode: changing one starts the run again with it. */
export function RunControls({
  opts,
  starredCount,
  onRestart,
}: {
  opts: RunOptions;
  starredCount: number;
  onRestart: (opts: RunOptions) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Run options</legend>
      <Button
        size="sm"
        variant={opts.shuffle ? "primary" : "secondary"}
        aria-pressed={opts.shuffle}
        onClick={() => onRestart({ ...opts, shuffle: !opts.shuffle })}
      >
        <Shuffle className="h-4 w-4" aria-hidden /> Shuffle
      </Button>
      <Button
        size="sm"
        variant={opts.starredOnly ? "primary" : "secondary"}
        aria-pressed={opts.starredOnly}
        disabled={!opts.starredOnly && starredCount === 0}
        onClick={() => onRestart({ ...opts, starredOnly: !opts.starredOnly })}
      >
        <Star className="h-4 w-4" aria-hidden /> Starred only ({starredCount})
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onRestart(opts)}>
        <RotateCcw className="h-4 w-4" aria-hidden /> Start over
      </Button>
    </fieldset>
  );
}

/** Star or unstar the card on screen (per student, on the server); the S key does the same. */
export function StarButton({
  setId,
  cardId,
  starred,
  card,
}: {
  setId: number;
  cardId: number;
  starred: boolean;
  /** The card's question, where several star buttons share a screen (a Test sheet). */
  card?: string;
}) {
  const setStar = useSetStar(setId);
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-pressed={starred}
      aria-label={card ? `Star: ${card}` : undefined}
      onClick={() => setStar.mutate({ cardId, starred: !starred })}
    >
      <Star className={cn("h-4 w-4", starred && "fill-current text-amber-500")} aria-hidden />
      {starred ? "Starred" : "Star"}
    </Button>
  );
}
