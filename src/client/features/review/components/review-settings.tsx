import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { FormInput } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { REVIEW } from "#shared/constants.ts";
import { type ReviewSettings, reviewSettingsSchema } from "#shared/review/contract.ts";
import { useSaveReviewSettings } from "../review.api.ts";

/** A number field's text as the schema checks it: blank is 0, as Number("") says. */
const asNumber = { setValueAs: (v: unknown) => Number(v) };

/**
 * Review settings panel: desired retention (0.70-0.97), new cards and maximum reviews per day, checked by
 * the shared schema.
 */
export function ReviewSettingsPanel({ settings }: { settings: ReviewSettings }) {
  const save = useSaveReviewSettings();
  const form = useForm<z.input<typeof reviewSettingsSchema>, unknown, ReviewSettings>({
    resolver: zodResolver(reviewSettingsSchema),
    defaultValues: settings,
  });
  const submit = form.handleSubmit((values) =>
    save.mutate(values, { onSuccess: () => toast({ title: "Review settings saved" }) }),
  );

  return (
    <section
      aria-labelledby="review-settings-title"
      className="grid gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="review-settings-title" className="font-semibold">
        Review settings
      </h2>
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        <FormInput
          form={form}
          name="desiredRetention"
          options={asNumber}
          id="desired-retention"
          label="Desired retention"
          hint={`How likely you want to recall a card when it is due (${REVIEW.minRetention}-${REVIEW.maxRetention})`}
          type="number"
          step="0.01"
          min={REVIEW.minRetention}
          max={REVIEW.maxRetention}
        />
        <FormInput
          form={form}
          name="newCardsPerDay"
          options={asNumber}
          id="new-per-day"
          label="New cards per day"
          hint="So a large import does not bury you"
          type="number"
          min={0}
          max={REVIEW.maxNewCardsPerDay}
        />
        <FormInput
          form={form}
          name="maxReviewsPerDay"
          options={asNumber}
          id="max-reviews-per-day"
          label="Maximum reviews per day"
          hint="Reviews past it wait for another day; new cards count toward it"
          type="number"
          min={0}
          max={REVIEW.maxReviewsPerDay}
        />
        {save.isError && <Alert className="sm:col-span-2">{errorMessage(save.error)}</Alert>}
        <Button type="submit" className="justify-self-start" disabled={save.isPending}>
          Save review settings
        </Button>
      </form>
    </section>
  );
}
