import { useForm } from "react-hook-form";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { FormInput } from "#client/components/ui/form.tsx";
import { ApiError, errorMessage } from "#client/lib/api.ts";
import { lazyZodResolver } from "#client/lib/lazy-resolver.ts";
import { toast } from "#client/lib/toast.tsx";
import type { SignUpInput } from "#shared/auth/contract.ts";
import { useRegister } from "../auth.api.ts";

/** The field a refused sign-up points at: a taken email or username is shown beside its field. */
function takenField(err: unknown): "email" | "username" | undefined {
  if (!(err instanceof ApiError)) return undefined;
  return err.code === "email_taken" ? "email" : err.code === "username_taken" ? "username" : undefined;
}

const validation = lazyZodResolver(async () => (await import("#shared/auth/contract.ts")).signUpSchema);

export function SignUpForm({ onDone }: { onDone?: () => void }) {
  const register = useRegister();
  const form = useForm<SignUpInput>({
    resolver: validation.resolver,
    defaultValues: { email: "", password: "", firstName: "", lastName: "", username: "" },
  });
  const submit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: () => {
        toast({ title: "Account created successfully", variant: "success" });
        onDone?.();
      },
      onError: (err) => {
        const field = takenField(err);
        if (field) form.setError(field, { message: err.message }, { shouldFocus: true });
      },
    }),
  );
  const field = (name: keyof SignUpInput) => ({ form, name, id: `signup-${name}` });

  return (
    <form onSubmit={submit} onFocus={validation.preload} noValidate className="grid gap-4">
      {register.isError && !takenField(register.error) && (
        <Alert>{errorMessage(register.error, "Registration failed")}</Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput {...field("firstName")} label="First name" autoComplete="given-name" />
        <FormInput {...field("lastName")} label="Last name" autoComplete="family-name" />
      </div>
      <FormInput
        {...field("email")}
        label="Email"
        hint="Use your school email address"
        type="email"
        autoComplete="email"
      />
      <FormInput
        {...field("username")}
        label="Username"
        hint="3-20 characters, letters, numbers, and underscores only"
        autoComplete="username"
      />
      <FormInput
        {...field("password")}
        label="Password"
        hint="Must be at least 6 characters"
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
