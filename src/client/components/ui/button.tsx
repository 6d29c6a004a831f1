import { Slot } from "radix-ui";
import type { ButtonHTMLAttributes, Ref } from "react";
import { cn } from "#client/lib/cn.ts";

// Styles: .ui-button-* in styles.css (components layer, so a caller's className overrides them).
const variants = {
  primary: "ui-button-primary",
  secondary: "ui-button-secondary",
  ghost: "ui-button-ghost",
  destructive: "ui-button-destructive",
} as const;
const sizes = { sm: "ui-button-sm", md: "ui-button-md", icon: "ui-button-icon" } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
  /** React 19 passes it as a prop (an anchor for a popover, say). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = "primary",
  size = "md",
  asChild,
  className,
  type,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      type={asChild ? undefined : (type ?? "button")}
      className={cn("ui-button", variants[variant], sizes[size], className)}
      {...props}
    />
  );
}
