import { DeferredDialog, lazyDialog } from "#client/components/deferred-dialog.tsx";
import type { StudyDocumentSummary } from "#shared/study/contract.ts";
import { studyDraftDocument } from "../drafts.api.ts";
import { SummarizeDocumentButton } from "./document-ai.tsx";
import { MakeFlashcardsButton, MakeQuizButton } from "./draft-buttons.tsx";

// The draft dialogs download when their button is reached for, not with the Documents tab.
const flashcardDrafts = lazyDialog(
  async () => (await import("./flashcard-drafts-dialog.tsx")).FlashcardDraftsDialog,
);
const quizDrafts = lazyDialog(async () => (await import("./quiz-drafts-dialog.tsx")).QuizDraftsDialog);

/**
 * A study document's AI buttons: summarize, make flashcards, make a quiz. `readOnly` (a group member):
 * the summary and flashcards would be written into the owner's set, which the server refuses, so only
 * the practice quiz (nothing saved) stays.
 */
export function DocumentAiActions({ doc, readOnly }: { doc: StudyDocumentSummary; readOnly: boolean }) {
  return (
    <>
      {!readOnly && (
        <>
          <SummarizeDocumentButton doc={doc} />
          <DeferredDialog
            dialog={flashcardDrafts}
            props={{ doc: studyDraftDocument(doc) }}
            trigger={<MakeFlashcardsButton title={doc.title} />}
          />
        </>
      )}
      <DeferredDialog
        dialog={quizDrafts}
        props={{ doc: studyDraftDocument(doc) }}
        trigger={<MakeQuizButton title={doc.title} />}
      />
    </>
  );
}
