import { useMe } from "#client/features/auth/auth.api.ts";
import { StudyView } from "#client/features/study/study-view.tsx";

/** The Study Center needs the signed-in student's id for its stats call (SPEC §7). */
export function StudyPage() {
  const me = useMe();
  return me.data ? <StudyView userId={me.data.id} /> : null;
}
