import { MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import type { PasswordResetRequestInput } from "#shared/auth/contract.ts";
import { useRequestPasswordReset } from "../auth.api.ts";

const validation = lazyZodResolver(
  async () => (await import("#shared/auth/contract.ts")).passwordResetRequestSchema,
);

/** 'Forgot password?': asks for a reset link, then says to check the inbox (the same for any email). */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack: () => void }) {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequestInput>({
    resolver: validation.resolver,
    defaultValues: { email },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => request.mutate(values));

  if (request.isSuccess)
    return (
      <div className="grid gap-4" role="status">
        <MailCheck className="h-8 w-8 text-accent" aria-hidden />
        <h2 className="text-lg font-semibold">Check your email</h2>
        <p className="text-sm text-muted">
          If an account uses <strong className="break-all text-fg">{request.variables.email}</strong>, we sent
          it a link to choose a new password. The link works once, for 30 minutes. Nothing there? Check your
          spam folder, or ask again in a few minutes.
        </p>
        <Button type="button" variant="secondary" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );

  return (
    <form onSubmit={submit} onFocus={validation.preload} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Reset your password</h2>
        <p className="text-sm text-muted">Enter the email you sign in with and we will send you a link.</p>
      </div>
      {request.isError && <Alert>{errorMessage(request.error, "Could not send the link")}</Alert>}
      <Field id="forgot-email" label="Email" error={errors.email?.message}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          autoFocus
          aria-invalid={errors.email ? true : undefined}
          {...form.register("email")}
        />
      </Field>
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? "Sending..." : "Send reset link"}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
