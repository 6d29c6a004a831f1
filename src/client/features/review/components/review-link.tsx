import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { useReviewQueue } from "../review.api.ts";

/** The Study Center header's links: exam plans, the card browser, and Review with the number of cards due. */
export function ReviewLink() {
  const queue = useReviewQueue();
  const due = queue.data?.dueCount;
  return (
    <>
      <ButtonLink variant="secondary" href="/study/exams">
        Exam plans
      </ButtonLink>
      <ButtonLink variant="secondary" href="/study/cards">
        Card browser
      </ButtonLink>
      <ButtonLink variant="secondary" href="/study/review">
        Review
        {/* Space for the count from the first frame: its arrival must not wrap the header and shift the page. */}
        <span className={due === undefined ? "invisible" : undefined} aria-hidden={due === undefined}>
          {` (${due ?? 0} due)`}
        </span>
      </ButtonLink>
    </>
  );
}
