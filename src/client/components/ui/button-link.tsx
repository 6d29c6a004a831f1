import type { ComponentProps } from "react";
import { Link } from "wouter";
import { cn } from "#client/lib/cn.ts";
import { type ButtonStyle, buttonClass } from "./button.tsx";

/** A link that looks like a button (it navigates, so it is an <a>, not a <button>). */
export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: ComponentProps<typeof Link> & ButtonStyle & { className?: string }) {
  return <Link className={cn(buttonClass({ variant, size }), className)} {...props} />;
}
