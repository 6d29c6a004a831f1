import { Link } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { useReviewQueue } from "../review.api.ts";

/** The Study Center header's link, with the number of cards due. */
export function ReviewLink() {
  const queue = useReviewQueue();
  const due = queue.data?.dueCount;
  return (
    <Button variant="secondary" asChild>
      <Link href="/study/review">{due === undefined ? "Review" : `Review (${due} due)`}</Link>
    </Button>
  );
}
