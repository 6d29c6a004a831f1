import { KeyRound } from "lucide-react";

/** Step-by-step token instructions (canvas-api.md §2.2), folded away until asked for. */
export function CanvasTokenHelp() {
  return (
    <details className="rounded-lg border border-border bg-bg p-3 text-sm">
      <summary className="flex cursor-pointer items-center gap-2 font-medium">
        <KeyRound className="h-4 w-4 text-link" aria-hidden /> How do I get a Canvas API token?
      </summary>
      <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-muted">
        <li>Sign in to Canvas in your browser.</li>
        <li>
          Open <strong className="text-fg">Account</strong> in the left menu, then{" "}
          <strong className="text-fg">Settings</strong>.
        </li>
        <li>
          Scroll to <strong className="text-fg">Approved Integrations</strong> and click{" "}
          <strong className="text-fg">+ New Access Token</strong>.
        </li>
        <li>Enter a purpose such as "Studyhall" (required) and, if you like, an expiry date.</li>
        <li>
          Click <strong className="text-fg">Generate Token</strong> and copy it now: Canvas shows it only
          once.
        </li>
        <li>Paste it below. Student tokens expire within 120 days; reconnect here when yours does.</li>
      </ol>
      <p className="mt-3 text-xs text-muted">
        No New Access Token button? Your school lets only administrators create tokens: ask your Canvas help
        desk, or try Studyhall with demo data.
      </p>
    </details>
  );
}
