import { Alert } from "#client/components/ui/card.tsx";
import { useUnreadableCourses } from "../unreadable-courses.api.ts";

/**
 * The courses the last sync had to leave out (Canvas refused them or did not answer), each in the
 * server's words, still there after a reload: their assignments may be out of date. Nothing when the
 * last sync read every course.
 */
export function CanvasLeftOutNote({ className }: { className?: string }) {
  const courses = useUnreadableCourses().data?.courses ?? [];
  if (!courses.length) return null;
  return (
    <Alert tone="info" className={className}>
      <p className="font-semibold">
        {courses.length === 1 ? "A course was" : `${courses.length} courses were`} left out of the last Canvas
        sync
      </p>
      <ul className="mt-1 grid gap-1">
        {courses.map((c) => (
          <li key={c.canvasId}>{c.message}</li>
        ))}
      </ul>
    </Alert>
  );
}
