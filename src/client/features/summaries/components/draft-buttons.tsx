import { Layers, ListChecks } from "lucide-react";
import { Button, type ButtonProps } from "#client/components/ui/button.tsx";

// The draft dialogs' buttons, light enough for the Documents tab's first load (the dialogs load on use).

export function MakeFlashcardsButton({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button variant="secondary" size="sm" aria-label={`Make flashcards from ${title}`} {...props}>
      <Layers className="h-4 w-4" aria-hidden /> Make flashcards
    </Button>
  );
}

export function MakeQuizButton({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button variant="secondary" size="sm" aria-label={`Make a quiz from ${title}`} {...props}>
      <ListChecks className="h-4 w-4" aria-hidden /> Make a quiz
    </Button>
  );
}
