import { zodResolver } from "@hookform/resolvers/zod";
import { FlaskConical } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Field, FormInput, Select } from "#client/components/ui/form.tsx";
import { CUSTOM_UNIVERSITY, UNIVERSITIES, universityDomain } from "#client/features/canvas/universities.ts";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import {
  type ConnectResult,
  canvasDomainSchema,
  canvasTokenSchema,
  MISSING_CANVAS_INPUT,
} from "#shared/canvas/contract.ts";
import { useConnectCanvas, useConnectDemoCanvas } from "../canvas.api.ts";
import { CanvasTokenHelp } from "./canvas-token-help.tsx";

/** The form's fields; the domain sent is the chosen university's host or the custom one (SPEC §5). */
const formSchema = z
  .object({ university: z.string(), customDomain: z.string(), token: z.string() })
  .superRefine((v, ctx) => {
    if (!v.university) {
      ctx.addIssue({ code: "custom", path: ["university"], message: "Select your university." });
    } else {
      const domain = canvasDomainSchema.safeParse(universityDomain(v.university, v.customDomain));
      if (!domain.success) {
        const blank = !v.customDomain.trim();
        ctx.addIssue({
          code: "custom",
          path: ["customDomain"],
          message: blank ? "Enter your school's Canvas URL." : domain.error.issues[0]!.message,
        });
      }
    }
    // Each message appears once: a blank field says what it needs; the summary above the form carries
    // SPEC §8's 'Please provide both...' (canvasTokenSchema's own message for a blank token).
    const token = canvasTokenSchema.safeParse(v.token);
    if (!token.success) {
      const message = v.token.trim() ? token.error.issues[0]!.message : "Enter your Canvas API token.";
      ctx.addIssue({ code: "custom", path: ["token"], message });
    }
  });

/** SPEC §8 'Missing information' is for blank fields, not for a token or address in the wrong shape. */
const isMissing = (v: FormValues) =>
  !v.university || !v.token.trim() || (v.university === CUSTOM_UNIVERSITY.value && !v.customDomain.trim());
type FormValues = z.infer<typeof formSchema>;

function initialValues(domain?: string): FormValues {
  if (!domain) return { university: "", customDomain: "", token: "" };
  const known = UNIVERSITIES.some((u) => u.domain === domain);
  return known
    ? { university: domain, customDomain: "", token: "" }
    : { university: CUSTOM_UNIVERSITY.value, customDomain: domain, token: "" };
}

export interface CanvasConnectFormProps {
  /** Onboarding shows errors inline (SPEC §8); Settings shows them as toasts. */
  variant: "onboarding" | "settings";
  /** Pre-selects the school when updating the token of an existing connection. */
  domain?: string;
  onConnected?: (result: ConnectResult) => void;
  /** Extra buttons beside Connect Canvas, e.g. 'Skip for Now' or 'Cancel'. */
  actions?: React.ReactNode;
}

/**
 * What follows an attempt to connect: a toast on success; on failure the message inline above the form
 * in onboarding (SPEC §8) or as a toast in Settings.
 */
function useConnectOutcome(
  variant: CanvasConnectFormProps["variant"],
  onConnected?: (r: ConnectResult) => void,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const fail = (title: string, message: string) => {
    if (variant === "onboarding") setProblem(message);
    else toast({ title, description: message, variant: "destructive" });
  };
  const done = (result: ConnectResult) => {
    setProblem(null);
    toast({
      title: "Canvas connected successfully",
      description: result.syncError
        ? `Your token works, but the first sync failed: ${result.syncError}`
        : [
            `Imported ${result.courses} courses and ${result.assignments} assignments.`,
            ...result.unreadableCourses.map((c) => c.message),
          ].join(" "),
      variant: "success",
    });
    onConnected?.(result);
  };
  const onError = (err: unknown) => {
    const message = errorMessage(err, "Failed to connect to Canvas");
    fail("Connection failed", variant === "onboarding" ? message : `Could not connect to Canvas. ${message}`);
  };

  // mutateAsync, not mutate(..., callbacks): connecting refreshes the page data, which can unmount this
  // form (Settings shows 'Connected to' instead), and mutate's callbacks do not fire after an unmount.
  const run = (attempt: () => Promise<ConnectResult>) => {
    setProblem(null);
    attempt().then(done, onError);
  };
  return { problem, setProblem, fail, run };
}

/** University select, custom Canvas URL, token and 'Try with demo data' (SPEC §2.13 step 2, §2.6). */
export function CanvasConnectForm({ variant, domain, onConnected, actions }: CanvasConnectFormProps) {
  const connect = useConnectCanvas();
  const demo = useConnectDemoCanvas();
  const { problem, setProblem, fail, run } = useConnectOutcome(variant, onConnected);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: initialValues(domain),
  });
  const { errors } = form.formState;
  // A problem shown above the form is about what was sent: it goes as soon as the student edits a field.
  useEffect(() => {
    const sub = form.watch(() => setProblem(null));
    return () => sub.unsubscribe();
  }, [form, setProblem]);
  const custom = form.watch("university") === CUSTOM_UNIVERSITY.value;
  const busy = connect.isPending || demo.isPending;
  const id = (name: string) => `canvas-${variant}-${name}`;

  const submit = form.handleSubmit(
    (v) =>
      run(() =>
        connect.mutateAsync({
          domain: universityDomain(v.university, v.customDomain),
          token: v.token.trim(),
        }),
      ),
    () => {
      setProblem(null);
      if (isMissing(form.getValues())) fail("Missing information", MISSING_CANVAS_INPUT);
    },
  );
  const field = (name: keyof FormValues) => ({
    id: id(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id(name)}-error` : undefined,
    ...form.register(name),
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Connect Canvas">
      {problem && <Alert>{problem}</Alert>}
      <Field id={id("university")} label="University" error={errors.university?.message}>
        <Select {...field("university")}>
          <option value="">Select your university</option>
          {UNIVERSITIES.map((u) => (
            <option key={u.domain} value={u.domain}>
              {u.name}
            </option>
          ))}
          <option value={CUSTOM_UNIVERSITY.value}>{CUSTOM_UNIVERSITY.label}</option>
        </Select>
      </Field>
      {custom && (
        <FormInput
          form={form}
          name="customDomain"
          id={id("customDomain")}
          label="Canvas URL"
          hint="The address you open Canvas at, e.g. school.instructure.com"
          placeholder="school.instructure.com"
          autoComplete="url"
          inputMode="url"
        />
      )}
      <FormInput
        form={form}
        name="token"
        id={id("token")}
        label="API Token"
        type="password"
        autoComplete="off"
        spellCheck={false}
      />
      <CanvasTokenHelp />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          variant="ghost"
          className="mr-auto"
          disabled={busy}
          onClick={() => run(() => demo.mutateAsync())}
        >
          <FlaskConical className="h-4 w-4" aria-hidden />
          {demo.isPending ? "Loading demo..." : "Try with demo data"}
        </Button>
        {actions}
        <Button type="submit" disabled={busy}>
          {connect.isPending ? "Connecting..." : "Connect Canvas"}
        </Button>
      </div>
    </form>
  );
}
