// The first screen's frame and heading as plain HTML, drawn by boot.ts as soon as the document has parsed,
// before the framework has run. A page's heading is its largest text (its LCP element): on a repeat visit
// it painted only after the framework's evaluation and the shell's first render, ~0.5-1 s on a
// 4x-throttled phone; now it paints with the document. React's first render replaces it (createRoot
// clears the container) with the same heading in the same place: text of the same size is not a new
// largest paint, and nodes React adds are not layout shifts. first-paint.test.tsx holds each heading's
// markup equal to its component's. Plain strings: nothing here may need the framework.
import { REVIEW_HEADING } from "#client/features/review/review-heading.ts";
import type { User } from "#shared/auth/contract.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!,
  );

/** components/page-header.tsx without actions. */
export const pageHeading = ({ title, subtitle }: { title: string; subtitle: string }) =>
  `<div class="mb-6 flex flex-wrap items-start justify-between gap-3"><div><h1 class="text-2xl font-bold tracking-tight">${escapeHtml(title)}</h1><p class="mt-1 text-sm text-muted">${escapeHtml(subtitle)}</p></div></div>`;

/** features/dashboard/components/greeting.tsx. */
export const greeting = (firstName: string) =>
  `<header><h1 class="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, ${escapeHtml(firstName)}!</h1><p class="mt-1 text-muted">Your academic assistant is ready to help you succeed</p></header>`;

/** The pages whose heading is drawn first; a page not here shows the HTML's loading screen. */
const HEADINGS: Record<string, (user: User) => string> = {
  "/": (user) => greeting(user.firstName),
  "/study/review": () => pageHeading(REVIEW_HEADING),
};

/**
 * Shell's header bar (its height, the home link) and <main>, around the page's heading, for a signed-in
 * student who has finished onboarding (onboarding draws outside the shell). The bar's buttons and icons
 * come with React; they take no room the heading's position depends on.
 */
export function firstPaint(pathname: string, user: User | undefined): string | undefined {
  const heading = HEADINGS[pathname];
  if (!heading || !user?.isOnboarded) return undefined;
  return `<div class="min-h-screen" aria-busy="true"><header class="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur"><div class="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4"><a href="/" class="flex items-center gap-2 font-semibold text-fg"><span class="h-6 w-6" aria-hidden="true"></span>Studyhall</a></div></header><main id="main" class="mx-auto max-w-7xl px-4 pt-6 pb-24 sm:pt-8">${heading(user)}</main></div>`;
}
