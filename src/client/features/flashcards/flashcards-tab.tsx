import { BookOpen, Brain, ClipboardCheck, Grid3x3, Keyboard, Layers, Trash2 } from "lucide-react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useSearchParams } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import type { FlashcardSet } from "#shared/flashcards/contract.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { CardsPanel, cardCountLabel } from "./components/cards-panel.tsx";
import { FlashcardSetFormDialog } from "./components/flashcard-set-form-dialog.tsx";
import { FlashcardSetList } from "./components/flashcard-set-list.tsx";
import { FlipStudy } from "./components/flip-study.tsx";
import { useDeleteFlashcardSet, useFlashcardSets } from "./flashcards.api.ts";

// Each study mode loads when opened, so the study page's first load carries none of them.
const WriteStudy = lazy(async () => ({ default: (await import("./write/write-study.tsx")).WriteStudy }));
const LearnStudy = lazy(async () => ({ default: (await import("./modes/learn-study.tsx")).LearnStudy }));
const TestStudy = lazy(async () => ({ default: (await import("./modes/test-study.tsx")).TestStudy }));
const MatchStudy = lazy(async () => ({ default: (await import("./modes/match-study.tsx")).MatchStudy }));
const MODES = { write: WriteStudy, learn: LearnStudy, test: TestStudy, match: MatchStudy };

/** The modes beside Study Cards, each a button on the set's row. */
const MODE_BUTTONS = [
  { mode: "write", label: "Write", name: "Write answers", icon: Keyboard },
  { mode: "learn", label: "Learn", name: "Learn", icon: Brain },
  { mode: "test", label: "Test", name: "Test", icon: ClipboardCheck },
  { mode: "match", label: "Match", name: "Match", icon: Grid3x3 },
] as const;

type Mode = "manage" | "study" | keyof typeof MODES;
type View = { mode: "list" } | { mode: Mode; setId: number };
const isMode = (m: string | null): m is Mode => m === "manage" || m === "study" || (!!m && m in MODES);

/**
 * The open set and mode live in the URL (?cards=<id>&mode=learn beside the study set's ?set and ?tab):
 * a reload or a phone that dropped the tab reopens the session where the server kept it, instead of the
 * list of sets that made it look lost.
 */
function useView(): [View, (next: View) => void] {
  const [params, setParams] = useSearchParams();
  const setId = Number(params.get("cards"));
  const mode = params.get("mode");
  const view: View =
    isMode(mode) && Number.isInteger(setId) && setId > 0 ? { mode, setId } : { mode: "list" };
  const setView = (next: View) =>
    setParams(
      (current) => {
        const q = new URLSearchParams(current);
        if (next.mode === "list") {
          q.delete("cards");
          q.delete("mode");
        } else {
          q.set("cards", String(next.setId));
          q.set("mode", next.mode);
        }
        return q;
      },
      // Opening is a step the back button undoes; closing is not one to come back to.
      { replace: next.mode === "list" },
    );
  return [view, setView];
}

function SetActions({
  set,
  readOnly,
  onOpen,
  onDeleted,
}: {
  set: FlashcardSet;
  readOnly: boolean;
  onOpen: (mode: Mode) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteFlashcardSet(set.studySetId);
  return (
    <>
      <Button id={`flashcard-set-${set.id}-manage`} size="sm" onClick={() => onOpen("manage")}>
        <Layers className="h-4 w-4" aria-hidden /> {readOnly ? "View Cards" : "Manage Cards"}
      </Button>
      <Button
        id={`flashcard-set-${set.id}-study`}
        size="sm"
        variant="secondary"
        onClick={() => onOpen("study")}
        disabled={set.cardCount === 0}
      >
        <BookOpen className="h-4 w-4" aria-hidden /> Study Cards
      </Button>
      {MODE_BUTTONS.map(({ mode, label, name, icon: Icon }) => (
        <Button
          key={mode}
          id={`flashcard-set-${set.id}-${mode}`}
          size="sm"
          variant="secondary"
          onClick={() => onOpen(mode)}
          disabled={set.cardCount === 0}
          aria-label={`${name}: ${set.title}`}
        >
          <Icon className="h-4 w-4" aria-hidden /> {label}
        </Button>
      ))}
      {!readOnly && (
        <ConfirmDialog
          title="Delete this flashcard set?"
          subject={set.title}
          description={`This flashcard set and its ${cardCountLabel(set.noteCount)} will be permanently removed. This cannot be undone.`}
          confirmLabel="Delete Flashcard Set"
          onConfirm={() => remove.mutateAsync(set).then(onDeleted)}
          trigger={
            <Button size="sm" variant="ghost" aria-label={`Delete Flashcard Set ${set.title}`}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          }
        />
      )}
    </>
  );
}

/**
 * SPEC §2.7 Flashcards tab of a study set: its flashcard sets, their cards, flip-card study and Write mode.
 * `readOnly` (a group member on someone else's shared set) hides every edit: only the owner edits the set.
 */
export function FlashcardsTab({
  studySetId,
  studySetTitle,
  readOnly = false,
}: {
  studySetId: number;
  studySetTitle: string;
  readOnly?: boolean;
}) {
  const sets = useFlashcardSets(studySetId);
  const [view, setView] = useView();
  const open = view.mode === "list" ? undefined : sets.data?.find((s) => s.id === view.setId);
  // Closing the panel or study mode puts focus back on the button that opened it.
  const returnTo = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const back = () => {
    if (view.mode !== "list") returnTo.current = `flashcard-set-${view.setId}-${view.mode}`;
    setView({ mode: "list" });
  };
  useEffect(() => {
    if (view.mode !== "list" || !returnTo.current) return;
    document.getElementById(returnTo.current)?.focus();
    returnTo.current = null;
  });

  if (open && view.mode === "manage") return <CardsPanel set={open} readOnly={readOnly} onClose={back} />;
  if (open && view.mode === "study") return <FlipStudy set={open} onClose={back} />;
  if (open && view.mode !== "list" && view.mode !== "manage" && view.mode !== "study") {
    const Study = MODES[view.mode];
    return (
      <Suspense
        fallback={
          <p role="status" className="text-sm text-muted">
            Loading...
          </p>
        }
      >
        <Study set={open} onClose={back} />
      </Suspense>
    );
  }

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="flashcard-sets-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id="flashcard-sets-title"
          ref={heading}
          tabIndex={-1}
          className="outline-none text-lg font-semibold"
        >
          Flashcard Sets
          <span className="sr-only"> in {studySetTitle}</span>
        </h3>
        {!readOnly && <FlashcardSetFormDialog studySetId={studySetId} />}
      </div>
      <FlashcardSetList
        sets={sets}
        label="Flashcard sets"
        loadingLabel="Loading flashcard sets"
        empty={{
          title: "No flashcard sets yet",
          text: readOnly ? "" : "Create a set, then add cards to study and quiz yourself.",
        }}
        titleId={(set) => `flashcard-set-${set.id}-title`}
        countLine={(set) => cardCountLabel(set.noteCount)}
        actions={(set) => (
          <SetActions
            set={set}
            readOnly={readOnly}
            onOpen={(mode) => setView({ mode, setId: set.id })}
            onDeleted={() => requestAnimationFrame(() => heading.current?.focus())}
          />
        )}
      />
    </section>
  );
}
