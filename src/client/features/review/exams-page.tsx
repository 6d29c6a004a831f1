import { useState } from "react";
import { useSearchParams } from "wouter";
import { PageHeader } from "#client/components/page-header.tsx";
import { EmptyState, QueryView } from "#client/components/query-view.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Skeleton } from "#client/components/ui/card.tsx";
import { Label, Select } from "#client/components/ui/form.tsx";
import { formatDate } from "#shared/date-format.ts";
import { useOwnSets } from "./card-browser.api.ts";
import { ExamPanel } from "./components/exam-panel.tsx";
import { useUpcomingExams } from "./review.api.ts";

/** The upcoming exams across sets, each with today's planned cards and a link to its review. */
function UpcomingExams() {
  const exams = useUpcomingExams();
  return (
    <QueryView
      query={exams}
      pending={<Skeleton className="h-12" />}
      error="Could not load your exams."
      empty={<p className="text-sm text-muted">No exam planned yet: pick a set below.</p>}
    >
      {(list) => (
        <ul className="grid gap-2" aria-label="Upcoming exams">
          {list.map((e) => (
            <li
              key={e.flashcardSetId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
            >
              <span className="min-w-0 wrap-anywhere">
                <span className="font-medium">{e.examTitle}</span> · {e.setTitle} ·{" "}
                {formatDate(new Date(e.examDate), "d MMM yyyy")} · {e.today} today
              </span>
              <ButtonLink size="sm" variant="secondary" href={`/study/review?set=${e.flashcardSetId}`}>
                Review
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

/** /study/exams: exam plans found from the Study Center, for any of the student's flashcard sets. */
export function ExamsPage() {
  const [params] = useSearchParams();
  const sets = useOwnSets();
  const [picked, setPicked] = useState<number | undefined>(Number(params.get("set")) || undefined);
  const setId = picked ?? sets.data?.[0]?.id;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Exam plans"
        subtitle="Tie a flashcard set to an exam date: Review then spreads its cards so they are ready in time"
        actions={
          <ButtonLink variant="secondary" href="/study">
            Back to Study Center
          </ButtonLink>
        }
      />
      <UpcomingExams />
      <QueryView
        query={sets}
        pending={<Skeleton className="h-10" />}
        error="Could not load your flashcard sets."
        empty={
          <EmptyState title="No flashcard sets yet">Make one in the Study Center to plan an exam.</EmptyState>
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
      {setId !== undefined && <ExamPanel key={setId} setId={setId} />}
    </div>
  );
}
