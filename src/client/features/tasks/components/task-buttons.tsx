import { Pencil, Plus } from "lucide-react";
import { Button, type ButtonProps } from "#client/components/ui/button.tsx";

// The dialogs' triggers, shared by the page (drawn before the dialog's code loads) and the dialog itself.

export function NewTaskButton(props: ButtonProps) {
  return (
    <Button {...props}>
      <Plus className="h-4 w-4" aria-hidden /> New Task
    </Button>
  );
}

export function EditTaskButton({ taskTitle, ...props }: ButtonProps & { taskTitle: string }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Edit ${taskTitle}`}
      className="shrink-0 text-muted hover:text-fg"
      {...props}
    >
      <Pencil className="h-4 w-4" aria-hidden />
    </Button>
  );
}
