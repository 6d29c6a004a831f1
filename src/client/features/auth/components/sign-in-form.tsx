import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { FormInput } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import { toast } from "#client/lib/toast.tsx";
import type { LoginInput } from "#shared/auth/contract.ts";
import { useLogin } from "../auth.api.ts";

const validation = lazyZodResolver(async () => (await import("#shared/auth/contract.ts")).loginSchema);

export function SignInForm({ onDone }: { onDone?: () => void }) {
  const login = useLogin();
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

  return (
    <form onSubmit={submit} onFocus={validation.preload} noValidate className="grid gap-4">
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
    </form>
  );
}
