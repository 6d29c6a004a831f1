import { Lightbulb } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";

/** A card's hint stays behind a button until asked for, so it never answers the card by itself. */
export function HintButton({ hint }: { hint: string | null | undefined }) {
  const [shown, setShown] = useState(false);
  if (!hint?.trim()) return null;
  return shown ? (
    <p className="wrap-anywhere text-sm text-muted">Hint: {hint}</p>
  ) : (
    <Button size="sm" variant="ghost" className="justify-self-start" onClick={() => setShown(true)}>
      <Lightbulb className="h-4 w-4" aria-hidden /> Show hint
    </Button>
  );
}
