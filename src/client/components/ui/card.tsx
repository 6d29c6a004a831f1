import type { HTMLAttributes } from "react";
import { cn } from "#client/lib/cn.ts";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("ui-card", className)} {...props} />;
}

/** A card's heading: h2, as cards sit directly under the page's h1 (headings must not skip a level). */
export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn("ui-card-title", className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("ui-card-description", className)} {...props} />;
}

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn("ui-skeleton", className)} {...props} />;
}

// Styles: .ui-* in styles.css (components layer, so a caller's className overrides them).
const badgeTones = {
  gray: "ui-badge-gray",
  red: "ui-badge-red",
  yellow: "ui-badge-yellow",
  green: "ui-badge-green",
  blue: "ui-badge-blue",
} as const;
export type BadgeTone = keyof typeof badgeTones;

export function Badge({
  tone = "gray",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={cn("ui-badge", badgeTones[tone], className)} {...props} />;
}

const alertTones = {
  error: "ui-alert-error",
  warning: "ui-alert-warning",
  info: "ui-alert-info",
  success: "ui-alert-success",
} as const;

export function Alert({
  tone = "error",
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { tone?: keyof typeof alertTones }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("ui-alert", alertTones[tone], className)}
      {...props}
    />
  );
}
