import { Button } from "#client/components/ui/button.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { useHoldCard } from "../card-browser.api.ts";

/** Take the card on screen out of review: Bury (back tomorrow) or Suspend (until unsuspended in the browser). */
export function CardHoldButtons({ cardId, onHeld }: { cardId: number; onHeld: () => void }) {
  const hold = useHoldCard();
  const act = (action: "suspend" | "bury") => hold.mutate({ cardId, action }, { onSuccess: onHeld });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="ghost" size="sm" disabled={hold.isPending} onClick={() => act("bury")}>
        Bury until tomorrow
      </Button>
      <Button variant="ghost" size="sm" disabled={hold.isPending} onClick={() => act("suspend")}>
        Suspend card
      </Button>
      {hold.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(hold.error, "Could not change the card.")}
        </p>
      )}
    </div>
  );
}
