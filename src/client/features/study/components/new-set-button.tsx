import { Plus } from "lucide-react";
import { Button, type ButtonProps } from "#client/components/ui/button.tsx";

/** The New Study Set button, drawn by the page before the dialog's code loads and by the dialog itself. */
export function NewSetButton({ label, ...props }: ButtonProps & { label: string }) {
  return (
    <Button {...props}>
      <Plus className="h-4 w-4" aria-hidden /> {label}
    </Button>
  );
}
