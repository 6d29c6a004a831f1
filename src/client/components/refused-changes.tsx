import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { type OutboxItem, offlineStore } from "#client/lib/offline-store.ts";

/**
 * Changes made offline that the server refused when they were sent (the card deleted meanwhile, a rating
 * too old, a task deleted on another device): told once, by name, until the student dismisses it, and
 * after a reload too (outbox.ts keeps them on the device). Loaded by app-status.tsx only when there is one:
 * no byte of it is on a first load.
 */

const LONGEST = 60;

/** A card's question or a task's title on one short line: cloze gaps as '[...]', pictures as '(picture)'. */
export function shortName(text: string) {
  const plain = text
    .replace(/\{\{c\d+::.*?\}\}/g, "[...]")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "(picture)")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > LONGEST ? `${plain.slice(0, LONGEST - 1).trimEnd()}…` : plain;
}

/** What the change was, as the student would say it: 'Rating of the card "hablar"'. */
export function describeChange(change: OutboxItem) {
  const body = change.body as { title?: string; completed?: boolean };
  const named = (text: string | undefined) => (text ? ` "${shortName(text)}"` : "");
  switch (change.kind) {
    case "rate":
      return `Rating of the card${named(change.label)}`;
    case "task-create":
      return `New task${named(body.title)}`;
    case "task-complete":
      return `${body.completed ? "Completing" : "Reopening"} the task${named(change.label)}`;
    case "task-delete":
      return `Deleting the task${named(change.label)}`;
  }
}

export const headline = (n: number) =>
  n === 1 ? "1 change made offline could not be saved" : `${n} changes made offline could not be saved`;

export default function RefusedChanges({ changes }: { changes: OutboxItem[] }) {
  // The shell's list is read again only with the outbox's next change: what was dismissed stays hidden.
  const [dismissed, setDismissed] = useState<number[]>([]);
  const shown = changes.filter((c) => !dismissed.includes(c.seq!));
  if (shown.length === 0) return null;
  // Hidden once the device has forgotten them: hidden first, a reload right after brought them back
  // (the page's unload aborted the removal's transaction).
  const dismiss = async () => {
    const seqs = shown.map((c) => c.seq!);
    await Promise.all(seqs.map((seq) => offlineStore.remove(seq).catch(() => undefined)));
    setDismissed((d) => [...d, ...seqs]);
  };
  return (
    <section
      aria-labelledby="refused-changes-title"
      className="flex flex-wrap items-start justify-center gap-x-4 gap-y-2 bg-surface px-4 py-2 text-sm text-fg shadow"
      data-testid="refused-changes"
    >
      <div className="min-w-0 max-w-prose">
        <p id="refused-changes-title" className="font-medium">
          {headline(shown.length)}:
        </p>
        <ul className="list-disc pl-5 break-words">
          {shown.map((c) => (
            <li key={c.seq}>{describeChange(c)}</li>
          ))}
        </ul>
        <p className="text-muted">
          {shown.length === 1 ? "It was" : "They were"} deleted or changed on another device meanwhile, or too
          old to save.
        </p>
      </div>
      <Button size="sm" variant="secondary" onClick={dismiss}>
        Dismiss
      </Button>
    </section>
  );
}
