// The first screen's frame and heading, drawn by boot.ts as soon as the document has parsed, before the
// framework has run. A page's heading is its largest text (its LCP element): on a repeat visit it painted
// only after the framework's evaluation and the shell's first render, ~0.5-1 s on a 4x-throttled phone;
// now it paints with the document. The markup is index.html's templates (HTML, not script to download and
// evaluate): the shell's bar (its height and the home link; its buttons come with React) and one heading
// per page listed there. React's first render replaces it (createRoot clears the container) with the same
// heading in the same place: text of the same size is not a new largest paint, and nodes React adds are
// not layout shifts. first-paint.test.tsx holds each template equal to its component's markup.
import type { User } from "#shared/auth/contract.ts";

const template = (id: string) => document.getElementById(id) as HTMLTemplateElement | null;

/**
 * Draws the first screen into root for a signed-in student who has finished onboarding (onboarding draws
 * outside the shell) on a page with a heading template; any other load keeps the HTML's loading screen.
 */
export function drawFirstPaint(root: HTMLElement, pathname: string, user: User | undefined) {
  const frame = template("first-paint");
  const heading = template(`first-paint:${pathname}`);
  if (!frame || !heading || !user?.isOnboarded) return;
  const screen = frame.content.cloneNode(true) as DocumentFragment;
  const page = heading.content.cloneNode(true) as DocumentFragment;
  // As text, never as markup: the name is the student's own input.
  for (const h1 of page.querySelectorAll("h1")) {
    h1.textContent = (h1.textContent ?? "").replace("{firstName}", user.firstName);
  }
  screen.querySelector("main")?.append(page);
  root.replaceChildren(screen);
}
