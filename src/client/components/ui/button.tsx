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

export interface ButtonStyle {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

/** The classes of a button of this variant and size (ButtonLink gives a link the same look). */
export const buttonClass = ({ variant = "primary", size = "md" }: ButtonStyle) =>
  cn("ui-button", variants[variant], sizes[size]);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  /** React 19 passes it as a prop (an anchor for a popover, say). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return (
    <button type={type ?? "button"} className={cn(buttonClass({ variant, size }), className)} {...props} />
  );
}
