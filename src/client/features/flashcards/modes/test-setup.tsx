import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { FormInput } from "#client/components/ui/form.tsx";
import { TEST_KIND_LABELS, TEST_KINDS, TEST_MAX_QUESTIONS, type TestKind } from "./test-state.ts";

const setupSchema = (max: number) =>
  z.object({
    kinds: z.array(z.enum(TEST_KINDS)).min(1, "Choose at least one kind of question"),
    count: z
      .number("Enter how many questions")
      .int("A whole number of questions")
      .min(1, "At least one question")
      .max(max, `At most ${max} questions`),
  });
type SetupInput = z.input<ReturnType<typeof setupSchema>>;

/** The test's mix of question kinds and its length. */
export function TestSetup({
  available,
  onStart,
}: {
  available: number;
  onStart: (kinds: TestKind[], count: number) => void;
}) {
  const max = Math.min(available, TEST_MAX_QUESTIONS);
  const form = useForm<SetupInput>({
    resolver: zodResolver(setupSchema(max)),
    defaultValues: { kinds: [...TEST_KINDS], count: Math.min(max, 10) },
  });
  useEffect(() => form.setFocus("count"), [form]);
  const kindsError = form.formState.errors.kinds?.message;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => onStart(v.kinds, v.count))}
      className="grid min-w-0 gap-4 rounded-xl border border-border bg-surface p-4"
    >
      <fieldset className="grid gap-2" aria-describedby={kindsError ? "test-kinds-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">Question kinds</legend>
        {TEST_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={kind}
              className="h-4 w-4 accent-accent"
              {...form.register("kinds")}
            />
            {TEST_KIND_LABELS[kind]}
          </label>
        ))}
        {kindsError && (
          <p id="test-kinds-error" role="alert" className="text-xs text-red-600 dark:text-red-400">
            {kindsError}
          </p>
        )}
      </fieldset>
      <FormInput
        form={form}
        name="count"
        id="test-count"
        label="Number of questions"
        hint={`1 to ${max}`}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        options={{ valueAsNumber: true }}
      />
      <Button type="submit" className="justify-self-start">
        Start test
      </Button>
    </form>
  );
}
