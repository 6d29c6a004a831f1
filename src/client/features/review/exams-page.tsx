import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { PageHeader } from "#client/components/page-header.tsx";
import { EmptyState, QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Alert, Badge, Skeleton } from "#client/components/ui/card.tsx";
import { Field, Input, Label, Select } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { formatDate } from "#shared/date-format.ts";
import type { Exam } from "#shared/review/exam-contract.ts";
import { useOwnSets } from "./card-browser.api.ts";
import { ExamPanel, ExamPicker } from "./components/exam-panel.tsx";
import { examDayBounds, examMomentOf } from "./exam-day.ts";
import { useAddExam, useDeleteExam, useEditExam, useUpcomingExams } from "./exams.api.ts";

/** The day an exam is on, in the student's zone, as the date input shows it. */
const dayOf = (iso: string) => formatDate(new Date(iso), "yyyy-MM-dd");

/** One exam's title and day, changed in place; Escape or Cancel leaves it as it was. */
function EditExam({ exam, onDone }: { exam: Exam; onDone: () => void }) {
  const edit = useEditExam();
  const [title, setTitle] = useState(exam.title ?? "");
  const [day, setDay] = useState(dayOf(exam.examDate));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: { id: number; title?: string; examDate?: string } = { id: exam.id };
    if (title.trim() !== (exam.title ?? "")) body.title = title;
    if (day && day !== dayOf(exam.examDate)) body.examDate = examMomentOf(day);
    if (body.title === undefined && body.examDate === undefined) return onDone();
    edit.mutate(body, { onSuccess: onDone });
  };
  return (
    <form
      className="grid w-full gap-2"
      aria-label={`Edit ${exam.examTitle}`}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === "Escape") onDone();
      }}
    >
      <div className="flex flex-wrap items-end gap-2">
        <Field id={`exam-title-${exam.id}`} label="Title (optional)">
          <Input
            id={`exam-title-${exam.id}`}
            value={title}
            maxLength={200}
            autoFocus
            placeholder={exam.setTitle}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field id={`exam-day-${exam.id}`} label="Exam date">
          <Input
            id={`exam-day-${exam.id}`}
            type="date"
            {...examDayBounds()}
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={!day || edit.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {edit.isError && <Alert>{errorMessage(edit.error)}</Alert>}
    </form>
  );
}

/** One upcoming exam: what it is, today's planned cards, and Edit, Remove and Review. */
function ExamRow({ exam }: { exam: Exam }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteExam();
  const editButton = useRef<HTMLButtonElement>(null);
  // Back to the row's own Edit once the form has gone, so the keyboard carries on where it was.
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const when = formatDate(new Date(exam.examDate), "EEE d MMM yyyy");
  return (
    <li
      data-testid="exam-row"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
    >
      {editing ? (
        <EditExam
          exam={exam}
          onDone={() => {
            refocus.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <>
          <span className="grid min-w-0 gap-0.5">
            <span className="font-medium wrap-anywhere">{exam.examTitle}</span>
            <span className="text-sm text-muted wrap-anywhere">
              {exam.setTitle} · {when}
              {exam.planned ? ` · ${exam.today} ${exam.today === 1 ? "card" : "cards"} today` : ""}
            </span>
            {exam.planned && (
              <Badge tone="green" className="justify-self-start">
                Plan aims at this exam
              </Badge>
            )}
          </span>
          <span className="flex flex-wrap gap-2">
            <Button
              ref={editButton}
              size="sm"
              variant="secondary"
              aria-label={`Edit ${exam.examTitle} on ${when}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Remove ${exam.examTitle} on ${when}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(exam.id)}
            >
              Remove
            </Button>
            <ButtonLink size="sm" variant="secondary" href={`/study/review?set=${exam.flashcardSetId}`}>
              Review
            </ButtonLink>
          </span>
          {remove.isError && <Alert>{errorMessage(remove.error)}</Alert>}
        </>
      )}
    </li>
  );
}

/** Every upcoming exam across the student's sets, soonest first. */
function UpcomingExams() {
  const exams = useUpcomingExams();
  return (
    <section aria-labelledby="exams-list-title" className="grid gap-3">
      <h2 id="exams-list-title" className="font-semibold">
        Your exams
      </h2>
      <QueryView
        query={exams}
        // About the empty state's height, the list most students see first: the form below stays put.
        pending={<Skeleton className="h-36" />}
        error="Could not load your exams."
        empty={
          <EmptyState title="No exams yet">
            Add the date of a test below: Review then spreads its set's cards so they are ready in time.
          </EmptyState>
        }
      >
        {(list) => (
          <ul className="grid gap-2" aria-label="Upcoming exams">
            {list.map((e) => (
              <ExamRow key={e.id} exam={e} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

/** A new exam for the chosen set: a day with an optional title, or one of the student's tasks or events. */
function AddExam({ setId }: { setId: number }) {
  const add = useAddExam();
  const [title, setTitle] = useState("");
  const [day, setDay] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!day) return;
    // Cleared at once, so the next exam can be typed while this one saves; a refusal brings it back.
    const sent = { title, day };
    setTitle("");
    setDay("");
    add.mutate(
      { setId, examDate: examMomentOf(day), ...(title.trim() ? { title } : {}) },
      {
        onError: () => {
          setTitle((t) => t || sent.title);
          setDay((d) => d || sent.day);
        },
      },
    );
  };
  return (
    <>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <Field id="new-exam-title" label="Title (optional)">
          <Input
            id="new-exam-title"
            value={title}
            maxLength={200}
            placeholder="e.g. Midterm"
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field id="new-exam-date" label="Exam date">
          <Input
            id="new-exam-date"
            type="date"
            {...examDayBounds()}
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={!day || add.isPending}>
          Add exam
        </Button>
      </form>
      <ExamPicker onPick={(choice) => add.mutate({ setId, ...choice })} busy={add.isPending} />
      {add.isError && <Alert>{errorMessage(add.error)}</Alert>}
    </>
  );
}

/** /study/exams: every exam across the student's flashcard sets, found from the Study Center. */
export function ExamsPage() {
  const [params] = useSearchParams();
  const sets = useOwnSets();
  const [picked, setPicked] = useState<number | undefined>(Number(params.get("set")) || undefined);
  const setId = picked ?? sets.data?.[0]?.id;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Exam plans"
        subtitle="Tie a flashcard set to its exams: Review spreads its cards so they are ready for the next one"
        actions={
          <ButtonLink variant="secondary" href="/study">
            Back to Study Center
          </ButtonLink>
        }
      />
      <UpcomingExams />
      <section
        aria-labelledby="add-exam-title"
        className="grid min-w-0 gap-3 rounded-xl border border-border bg-surface p-4"
      >
        <h2 id="add-exam-title" className="font-semibold">
          Add an exam
        </h2>
        <QueryView
          query={sets}
          pending={<Skeleton className="h-10" />}
          error="Could not load your flashcard sets."
          empty={
            <EmptyState title="No flashcard sets yet">
              Make one in the Study Center to plan an exam.
            </EmptyState>
          }
        >
          {(list) => (
            <div className="grid gap-1">
              <Label htmlFor="exam-set">Flashcard set</Label>
              <Select id="exam-set" value={setId} onChange={(e) => setPicked(Number(e.target.value))}>
                {list.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </Select>
            </div>
          )}
        </QueryView>
        {setId !== undefined && <AddExam key={setId} setId={setId} />}
      </section>
      {setId !== undefined && <ExamPanel key={setId} setId={setId} planOnly />}
    </div>
  );
}
