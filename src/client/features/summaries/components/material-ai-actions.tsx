import { DeferredDialog, lazyDialog } from "#client/components/deferred-dialog.tsx";
import type { Material } from "#shared/materials/contract.ts";
import type { DraftDocument } from "../drafts.api.ts";
import { MakeFlashcardsButton, MakeQuizButton } from "./draft-buttons.tsx";

// The draft dialogs download when their button is reached for, not with the materials list.
const flashcardDrafts = lazyDialog(
  async () => (await import("./flashcard-drafts-dialog.tsx")).FlashcardDraftsDialog,
);
const quizDrafts = lazyDialog(async () => (await import("./quiz-drafts-dialog.tsx")).QuizDraftsDialog);

/**
 * A course material's draft buttons, as beside a study document: the same engine and dialogs. A material
 * is in no study set, so its cards go into one the student picks in the dialog.
 */
export function MaterialAiActions({ material }: { material: Pick<Material, "id" | "title"> }) {
  const doc: DraftDocument = { source: "material", id: material.id, title: material.title, studySetId: null };
  return (
    <>
      <DeferredDialog
        dialog={flashcardDrafts}
        props={{ doc }}
        trigger={<MakeFlashcardsButton title={material.title} />}
      />
      <DeferredDialog
        dialog={quizDrafts}
        props={{ doc }}
        trigger={<MakeQuizButton title={material.title} />}
      />
    </>
  );
}
