import type {
  InputHTMLAttributes,
  LabelHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from "react-hook-form";
import { cn } from "#client/lib/cn.ts";

// Styles: .ui-control and .ui-label in styles.css (components layer, so a caller's className overrides them).

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn("ui-control ui-control-line", className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn("ui-control ui-control-area", className)} {...props} />;
}

/** Native select: keyboard, screen readers and mobile pickers work without extra code. */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn("ui-control ui-control-line", className)} {...props} />;
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn("ui-label", className)} {...props} />;
}

/** Label, control, hint and error, wired together for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * One react-hook-form input in its Field: registered under `name`, with the shared schema's message
 * beside it and `aria-invalid`/`aria-describedby` pointing at the message (or the hint).
 */
export function FormInput<T extends FieldValues, TOut = T>({
  form,
  name,
  id,
  label,
  hint,
  options,
  ...input
}: {
  form: UseFormReturn<T, unknown, TOut>;
  name: Path<T>;
  id: string;
  label: string;
  hint?: string;
  /** register()'s options, e.g. `setValueAs` for a number field. */
  options?: RegisterOptions<T, Path<T>>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "form">) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...input}
        {...form.register(name, options)}
      />
    </Field>
  );
}
