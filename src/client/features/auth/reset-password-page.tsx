import { GraduationCap } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Alert, Card } from "#client/components/ui/card.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import type { PasswordResetFormInput } from "#shared/auth/contract.ts";
import { useConfirmPasswordReset } from "./auth.api.ts";

const validation = lazyZodResolver(
  async () => (await import("#shared/auth/contract.ts")).passwordResetFormSchema,
);

/** The emailed link carries its token in the fragment (#token=...), which the browser never sends anywhere. */
const tokenFromLink = () => new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";

function ResetForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const confirm = useConfirmPasswordReset();
  const form = useForm<PasswordResetFormInput>({
    resolver: validation.resolver,
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ newPassword }) =>
    confirm.mutate(
      { token, newPassword },
      // Every session ended with the reset: the student signs in again with the new password, told so by
      // the sign-in form (onboarding-page.tsx reads `passwordReset` from the history entry).
      { onSuccess: () => navigate("/", { replace: true, state: { passwordReset: true } }) },
    ),
  );
  return (
    <form onSubmit={submit} onFocus={validation.preload} noValidate className="grid gap-4">
      {confirm.isError && (
        <Alert>
          {errorMessage(confirm.error, "Could not change the password")}{" "}
          <Link href="/" className="underline">
            Back to sign in
          </Link>
        </Alert>
      )}
      <Field
        id="reset-password"
        label="New password"
        hint="At least 6 characters. You will be signed out everywhere."
        error={errors.newPassword?.message}
      >
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          autoFocus
          aria-invalid={errors.newPassword ? true : undefined}
          aria-describedby={errors.newPassword ? "reset-password-error" : "reset-password-hint"}
          {...form.register("newPassword")}
        />
      </Field>
      <Field id="reset-confirm" label="New password again" error={errors.confirmPassword?.message}>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? "reset-confirm-error" : undefined}
          {...form.register("confirmPassword")}
        />
      </Field>
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}

/** /reset-password#token=...: where the emailed link leads (issue 27). */
export function ResetPasswordPage() {
  const token = tokenFromLink();
  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <GraduationCap className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <h1 className="mt-2 text-2xl font-bold">Choose a new password</h1>
        </div>
        <Card>
          {token ? (
            <ResetForm token={token} />
          ) : (
            <div className="grid gap-4">
              <Alert>
                This link is incomplete. Open the link from the email again, or ask for a new one.
              </Alert>
              <ButtonLink variant="secondary" href="/">
                Back to sign in
              </ButtonLink>
            </div>
          )}
        </Card>
      </div>
    </main>
  );
}
