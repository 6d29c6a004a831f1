import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { FormInput } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import { toast } from "#client/lib/toast.tsx";
import type { LoginInput } from "#shared/auth/contract.ts";
import { useLogin, usePasswordResetAvailable } from "../auth.api.ts";

// Asked for by few: loaded when 'Forgot password?' is clicked, not with the landing page.
const ForgotPasswordForm = lazy(async () => ({
  default: (await import("./forgot-password-form.tsx")).ForgotPasswordForm,
}));

const validation = lazyZodResolver(async () => (await import("#shared/auth/contract.ts")).loginSchema);

/** `notice`: a message to show above the form (the password was just reset). */
export function SignInForm({ onDone, notice }: { onDone?: () => void; notice?: string }) {
  const login = useLogin();
  // Offered only where the server can send the link (SMTP_URL); unknown or failed: not offered.
  const resetAvailable = usePasswordResetAvailable().data === true;
  const [forgot, setForgot] = useState(false);
  // Back from the reset form, the keyboard continues where it left: on 'Forgot password?'.
  const forgotButton = useRef<HTMLButtonElement>(null);
  const cameBack = useRef(false);
  useEffect(() => {
    if (!forgot && cameBack.current) forgotButton.current?.focus();
  }, [forgot]);
  const form = useForm<LoginInput>({
    resolver: validation.resolver,
    defaultValues: { email: "", password: "" },
  });
  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        toast({ title: "Logged in successfully", variant: "success" });
        onDone?.();
      },
    }),
  );

  if (forgot)
    return (
      <Suspense fallback={<p className="text-sm text-muted">Loading...</p>}>
        <ForgotPasswordForm
          email={form.getValues("email")}
          onBack={() => {
            cameBack.current = true;
            setForgot(false);
          }}
        />
      </Suspense>
    );

  return (
    <form onSubmit={submit} onFocus={validation.preload} noValidate className="grid gap-4">
      {notice && !login.isError && <Alert tone="success">{notice}</Alert>}
      {login.isError && <Alert>{errorMessage(login.error, "Login failed")}</Alert>}
      <FormInput form={form} name="email" id="signin-email" label="Email" type="email" autoComplete="email" />
      <FormInput
        form={form}
        name="password"
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </Button>
      {resetAvailable && (
        <Button
          ref={forgotButton}
          type="button"
          variant="ghost"
          className="justify-self-center"
          onClick={() => setForgot(true)}
        >
          Forgot password?
        </Button>
      )}
    </form>
  );
}
