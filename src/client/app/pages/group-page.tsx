import { useParams } from "wouter";
import { useMe } from "#client/features/auth/auth.api.ts";
import { GroupView } from "#client/features/friends/group-view.tsx";
import { useStudySets } from "#client/features/study/study.api.ts";

/** A study group's page; sharing offers the student's own study sets (the study feature's). */
export function GroupPage() {
  const { id } = useParams<{ id: string }>();
  const me = useMe();
  const sets = useStudySets();
  const own = (sets.data ?? []).filter((s) => s.id > 0).map((s) => ({ id: s.id, title: s.title }));
  return me.data ? <GroupView groupId={Number(id)} meId={me.data.id} ownSets={own} /> : null;
}
