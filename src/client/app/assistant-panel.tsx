import { ChatPanel } from "#client/features/chat/chat-panel.tsx";
import { useCourses } from "#client/features/courses/courses.api.ts";

/** The assistant with the student's courses to choose from: composed here, where features meet. */
export default function AssistantPanel({ onClose }: { onClose: () => void }) {
  const courses = useCourses();
  function close() {
    onClose();
    // The launcher's button comes back in place of the box: focus goes back to it rather than to the page's
    // start. Done from this lazy chunk, since the launcher is on every page's first load (budget).
    // The header's (below `sm`) or the floating one, whichever shows.
    requestAnimationFrame(() =>
      [...document.querySelectorAll<HTMLButtonElement>('button[aria-label="Open AI Assistant"]')]
        .find((b) => b.getClientRects().length)
        ?.focus(),
    );
  }
  return <ChatPanel courses={courses.data ?? []} onClose={close} />;
}
