import { Button } from "#client/components/ui/button.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { useHoldCard } from "../card-browser.api.ts";

const UNDO = { bury: "unbury", suspend: "unsuspend" } as const;
const DONE = { bury: "Card buried until tomorrow", suspend: "Card suspended" } as const;

/**
 * Take the card on screen out of review: Bury (back tomorrow) or Suspend (until unsuspended). The toast
 * that follows offers Undo, as the card browser's Unbury and Unsuspend do.
 */
export function CardHoldButtons({ cardId, onHeld }: { cardId: number; onHeld: () => void }) {
  const hold = useHoldCard();
  const act = (action: "suspend" | "bury") =>
    hold.mutate(
      { cardId, action },
      {
        onSuccess: () => {
          onHeld();
          toast({
            title: DONE[action],
            action: { label: "Undo", onClick: () => hold.mutate({ cardId, action: UNDO[action] }) },
          });
        },
      },
    );
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
