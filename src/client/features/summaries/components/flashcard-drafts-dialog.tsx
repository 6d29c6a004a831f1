import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { FLASHCARD_SET_MAX_LENGTH } from "#shared/flashcards/contract.ts";
import {
  type DraftDocument,
  useAcceptCards,
  useCardDrafts,
  useFlashcardSets,
  useStudySetChoices,
} from "../drafts.api.ts";
import { MakeFlashcardsButton } from "./draft-buttons.tsx";
import { DraftsDialogShell } from "./drafts-dialog-shell.tsx";
import { SourcePage } from "./source-page.tsx";

interface Draft {
  key: number;
  question: string;
  answer: string;
  page: number;
  included: boolean;
}

const NEW_SET = "new";

function DraftRow({
  draft,
  n,
  doc,
  onChange,
}: {
  draft: Draft;
  n: number;
  doc: DraftDocument;
  onChange: (d: Draft) => void;
}) {
  const id = useId();
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3" data-included={draft.included}>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={draft.included}
          onChange={(e) => onChange({ ...draft, included: e.target.checked })}
          // 'Include card 3' alone told a screen reader nothing of the card: its question follows, as edited.
          aria-label={
            draft.question.trim() ? `Include card ${n}: ${draft.question.trim()}` : `Include card ${n}`
          }
          className="h-4 w-4"
        />
        Include card {n}
      </label>
      <Field id={`${id}-q`} label={`Question ${n}`}>
        <Input
          id={`${id}-q`}
          value={draft.question}
          disabled={!draft.included}
          onChange={(e) => onChange({ ...draft, question: e.target.value })}
        />
      </Field>
      <Field id={`${id}-a`} label={`Answer ${n}`}>
        <Textarea
          id={`${id}-a`}
          value={draft.answer}
          disabled={!draft.included}
          onChange={(e) => onChange({ ...draft, answer: e.target.value })}
        />
      </Field>
      <SourcePage doc={doc} page={draft.page} />
    </li>
  );
}

/**
 * 'Select all' and 'Select none' over the drafts: a long document proposes dozens, and keeping three of
 * them was three dozen unticks.
 */
function DraftSelection({
  picked,
  total,
  onAll,
}: {
  picked: number;
  total: number;
  onAll: (included: boolean) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span aria-live="polite">
        {picked} of {total} ticked
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => onAll(true)} disabled={picked === total}>
          Select all
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onAll(false)} disabled={picked === 0}>
          Select none
        </Button>
      </span>
    </div>
  );
}

type Choice = { id: number; title: string };

/** Where accepted cards go: a material's study set (a study document has its own) and the flashcard set. */
function CardDestination({
  id,
  doc,
  studySets,
  noStudySet,
  studySetId,
  onStudySet,
  flashcardSets,
  target,
  onTarget,
}: {
  id: string;
  doc: DraftDocument;
  studySets: readonly Choice[] | undefined;
  noStudySet: boolean;
  studySetId: number;
  onStudySet: (studySetId: number) => void;
  flashcardSets: readonly Choice[] | undefined;
  target: string;
  onTarget: (target: string) => void;
}) {
  return (
    <>
      {doc.studySetId === null && (
        <Field id={`${id}-study-set`} label="Study set">
          <Select
            id={`${id}-study-set`}
            value={studySetId || ""}
            onChange={(e) => onStudySet(Number(e.target.value))}
          >
            {(studySets ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {doc.studySetId === null && noStudySet && (
        <Alert>Create a study set in the Study Center first: flashcards are kept in a study set.</Alert>
      )}
      <Field id={`${id}-set`} label="Add to flashcard set">
        <Select id={`${id}-set`} value={target} onChange={(e) => onTarget(e.target.value)}>
          <option value={NEW_SET}>New set: {doc.title}</option>
          {(flashcardSets ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

/** The accept request's error, Cancel, and 'Add n cards'. */
function AcceptFooter({
  count,
  canAdd,
  accept,
  onAdd,
  onCancel,
}: {
  count: number;
  canAdd: boolean;
  accept: Pick<ReturnType<typeof useAcceptCards>, "isError" | "error" | "isPending">;
  onAdd: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      {accept.isError && <Alert>{errorMessage(accept.error, "Could not add the cards.")}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onAdd} disabled={!canAdd || accept.isPending}>
          {accept.isPending ? "Adding..." : `Add ${count} card${count === 1 ? "" : "s"}`}
        </Button>
      </div>
    </>
  );
}

/**
 * The drafts found on opening, the study set and flashcard set they go to (a material belongs to no
 * study set: the student picks the one its cards go into), and accepting the chosen ones.
 */
function useFlashcardDrafts(doc: DraftDocument) {
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [target, setTarget] = useState(NEW_SET);
  const find = useCardDrafts();
  const studySets = useStudySetChoices(open && doc.studySetId === null);
  const [pickedSet, setPickedSet] = useState<number | null>(null);
  const studySetId = doc.studySetId ?? pickedSet ?? studySets.data?.[0]?.id ?? 0;
  const sets = useFlashcardSets(studySetId);
  const accept = useAcceptCards(studySetId);
  const chosen = drafts.filter((d) => d.included && d.question.trim() && d.answer.trim());

  function openChange(next: boolean) {
    setOpen(next);
    if (!next) return;
    setDrafts([]);
    accept.reset();
    find.mutate(doc, {
      onSuccess: (reply) =>
        // The engine leaves its weak drafts unticked (absent `selected` means ticked).
        setDrafts(
          reply.cards.map((c, key) => ({ ...c, key, question: c.question, included: c.selected ?? true })),
        ),
    });
  }

  function add() {
    accept.mutate(
      {
        setId: target === NEW_SET ? null : Number(target),
        newTitle: doc.title.slice(0, FLASHCARD_SET_MAX_LENGTH.title),
        cards: chosen.map((d) => ({ question: d.question, answer: d.answer })),
      },
      {
        onSuccess: ({ created }) => {
          toast({
            title: `${created} flashcard${created === 1 ? "" : "s"} added`,
            description: "Find them in the Flashcards tab.",
            variant: "success",
          });
          setOpen(false);
        },
      },
    );
  }

  return {
    open,
    openChange,
    close: () => setOpen(false),
    find,
    drafts,
    updateDraft: (next: Draft) => setDrafts((all) => all.map((x) => (x.key === next.key ? next : x))),
    includeAll: (included: boolean) => setDrafts((all) => all.map((x) => ({ ...x, included }))),
    studySets,
    studySetId,
    chooseStudySet: (setId: number) => {
      setPickedSet(setId);
      setTarget(NEW_SET);
    },
    flashcardSets: sets,
    target,
    setTarget,
    accept,
    chosen,
    add,
  };
}

/**
 * Issue 15 'Make flashcards': the engine's (or the model's) proposed cards as a draft list to edit,
 * untick and accept into a flashcard set. Nothing is saved until 'Add'.
 */
export function FlashcardDraftsDialog({
  doc,
  defaultOpen = false,
}: {
  doc: DraftDocument;
  defaultOpen?: boolean;
}) {
  const id = useId();
  const ui = useFlashcardDrafts(doc);

  return (
    <DraftsDialogShell
      open={ui.open}
      onOpenChange={ui.openChange}
      defaultOpen={defaultOpen}
      title="Make flashcards"
      description={`Proposed cards from "${doc.title}". Edit them, untick the ones you do not want, then add them to a set.`}
      trigger={<MakeFlashcardsButton title={doc.title} />}
      request={ui.find}
      busyLabel="Finding cards"
      skeletonClassName="h-24"
      errorFallback="Could not propose flashcards."
      empty={!!ui.find.data && ui.drafts.length === 0}
      emptyText="No definitions were found in this document. Cards come from sentences like 'X is a ...', 'X means ...' or glossary lines 'Term: definition'."
      note={ui.find.data?.note}
    >
      <DraftSelection
        picked={ui.drafts.filter((d) => d.included).length}
        total={ui.drafts.length}
        onAll={ui.includeAll}
      />
      <ul className="grid gap-3" aria-label="Proposed flashcards">
        {ui.drafts.map((d, i) => (
          <DraftRow key={d.key} draft={d} n={i + 1} doc={doc} onChange={ui.updateDraft} />
        ))}
      </ul>
      <CardDestination
        id={id}
        doc={doc}
        studySets={ui.studySets.data}
        noStudySet={ui.studySets.isSuccess && !ui.studySetId}
        studySetId={ui.studySetId}
        onStudySet={ui.chooseStudySet}
        flashcardSets={ui.flashcardSets.data}
        target={ui.target}
        onTarget={ui.setTarget}
      />
      <AcceptFooter
        count={ui.chosen.length}
        canAdd={ui.chosen.length > 0 && !!ui.studySetId}
        accept={ui.accept}
        onAdd={ui.add}
        onCancel={ui.close}
      />
    </DraftsDialogShell>
  );
}
