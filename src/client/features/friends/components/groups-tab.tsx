import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, Upload, Users } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Alert, Badge, Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { Field, FormInput, Textarea } from "#client/components/ui/form.tsx";
import { createGroupSchema, type StudyGroup } from "#shared/friends/groups.ts";
import { useCreateGroup, useGroups } from "../groups.api.ts";

/** The contract's name and description (an empty description is none). */
const groupFormSchema = createGroupSchema.pick({ name: true, description: true });
const emptyGroup = { name: "", description: "" };

function CreateGroupForm() {
  const form = useForm<z.input<typeof groupFormSchema>, unknown, z.output<typeof groupFormSchema>>({
    resolver: zodResolver(groupFormSchema),
    defaultValues: emptyGroup,
  });
  const create = useCreateGroup();
  const submit = form.handleSubmit((values) =>
    create.mutate(values, { onSuccess: () => form.reset(emptyGroup) }),
  );
  const name = form.watch("name");

  return (
    <Card>
      <CardTitle>Create Group</CardTitle>
      <form onSubmit={submit} className="mt-3 grid gap-3">
        <FormInput form={form} name="name" id="group-name" label="Group name" required />
        <Field id="group-description" label="Description (optional)">
          <Textarea id="group-description" {...form.register("description")} />
        </Field>
        <div>
          <Button type="submit" disabled={!name.trim() || create.isPending}>
            {create.isPending ? "Creating..." : "Create Group"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function GroupCard({ group }: { group: StudyGroup }) {
  const href = `/friends/groups/${group.id}`;
  return (
    <li>
      <Card className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 break-words font-semibold">{group.name}</h3>
          <Badge tone={group.role === "admin" ? "blue" : "gray"}>{group.role}</Badge>
        </div>
        {group.description && <p className="break-words text-sm text-muted">{group.description}</p>}
        <p className="flex items-center gap-1 text-sm text-muted">
          <Users className="h-4 w-4" aria-hidden />
          {group.memberCount} {group.memberCount === 1 ? "member" : "members"}
        </p>
        <div className="flex flex-wrap gap-2">
          <ButtonLink
            variant="secondary"
            size="sm"
            href={`${href}#share`}
            aria-label={`Upload a study set to ${group.name}`}
          >
            <Upload className="h-4 w-4" aria-hidden />
            Upload
          </ButtonLink>
          <ButtonLink size="sm" href={href} aria-label={`View ${group.name}`}>
            <Eye className="h-4 w-4" aria-hidden />
            View
          </ButtonLink>
        </div>
      </Card>
    </li>
  );
}

export function GroupsTab() {
  const groups = useGroups();
  return (
    <div className="grid gap-4">
      <CreateGroupForm />
      <QueryView
        query={groups}
        pending={
          <div role="status" aria-label="Loading study groups" className="grid gap-2">
            <Skeleton className="h-24" />
          </div>
        }
        error={() => <Alert>Could not load your study groups. Please try again.</Alert>}
        empty={
          <Card className="py-8 text-center">
            <CardDescription>No study groups yet. Create one above.</CardDescription>
          </Card>
        }
      >
        {(list) => (
          <ul aria-label="Study groups" className="grid gap-3 sm:grid-cols-2">
            {list.map((g) => (
              <GroupCard key={g.id} group={g} />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
