import { MoreVertical } from "lucide-react";
import type { ComponentProps } from "react";

// A study set's options button, shared by the list (drawn before the menu's code loads) and the menu.
export function SetOptionsButton({ title, ...props }: ComponentProps<"button"> & { title: string }) {
  return (
    <button
      type="button"
      aria-label={`Options for ${title}`}
      className="m-1 rounded-md p-1.5 text-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
      {...props}
    >
      <MoreVertical className="h-4 w-4" aria-hidden />
    </button>
  );
}
