import { Share2 } from "lucide-react";
import { Button, type ButtonProps } from "#client/components/ui/button.tsx";

// The trigger, shared by the page (drawn before the dialog's code loads) and the dialog itself.
export function ShareProgressButton(props: ButtonProps) {
  return (
    <Button {...props}>
      <Share2 aria-hidden className="h-4 w-4" />
      Share Progress
    </Button>
  );
}
