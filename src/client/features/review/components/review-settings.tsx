import { type FormEvent, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { REVIEW } from "#shared/constants.ts";
import { type ReviewSettings, reviewSettingsSchema } from "#shared/review/contract.ts";
import { useSaveReviewSettings } from "../review.api.ts";

/** Review settings panel: desired retention (0.70-0.97) and new cards per day, checked by the shared schema. */
export function ReviewSettingsPanel({ settings }: { settings: ReviewSettings }) {
  const save = useSaveReviewSettings();
  const [retention, setRetention] = useState(String(settings.desiredRetention));
  const [perDay, setPerDay] = useState(String(settings.newCardsPerDay));
  const [error, setError] = useState<{ field: "retention" | "perDay"; message: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reviewSettingsSchema.safeParse({
      desiredRetention: Number(retention),
      newCardsPerDay: Number(perDay),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({
        field: issue.path[0] === "desiredRetention" ? "retention" : "perDay",
        message: issue.message,
      });
      return;
    }
    setError(null);
    save.mutate(parsed.data, { onSuccess: () => toast({ title: "Review settings saved" }) });
  };

  return (
    <section
      aria-labelledby="review-settings-title"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="review-settings-title" className="font-semibold">
        Review settings
      </h2>
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        <Field
          id="desired-retention"
          label="Desired retention"
          hint={`How likely you want to recall a card when it is due (${REVIEW.minRetention}-${REVIEW.maxRetention})`}
          {...(error?.field === "retention" ? { error: error.message } : {})}
        >
          <Input
            id="desired-retention"
            type="number"
            step="0.01"
            min={REVIEW.minRetention}
            max={REVIEW.maxRetention}
            value={retention}
            onChange={(e) => setRetention(e.target.value)}
            aria-invalid={error?.field === "retention"}
          />
        </Field>
        <Field
          id="new-per-day"
          label="New cards per day"
          hint="So a large import does not bury you"
          {...(error?.field === "perDay" ? { error: error.message } : {})}
        >
          <Input
            id="new-per-day"
            type="number"
            min={0}
            max={REVIEW.maxNewCardsPerDay}
            value={perDay}
            onChange={(e) => setPerDay(e.target.value)}
            aria-invalid={error?.field === "perDay"}
          />
        </Field>
        {save.isError && <Alert className="sm:col-span-2">{errorMessage(save.error)}</Alert>}
        <Button type="submit" className="justify-self-start" disabled={save.isPending}>
          Save review settings
        </Button>
      </form>
    </section>
  );
}
