import { ChatPanel } from "#client/features/chat/chat-panel.tsx";
import { useCourses } from "#client/features/courses/courses.api.ts";

/** The assistant with the student's courses to choose from: composed here, where features meet. */
export default function AssistantPanel({ onClose }: { onClose: () => void }) {
  const courses = useCourses();
  return <ChatPanel courses={courses.data ?? []} onClose={onClose} />;
}
