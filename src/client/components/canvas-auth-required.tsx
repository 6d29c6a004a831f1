import { Link } from "wouter";
import { Alert } from "./ui/card.tsx";

/** SPEC §2.5/§2.11/§8: what My Courses and GPA show when Canvas data cannot be loaded. */
export function CanvasAuthRequired({ detail }: { detail?: string }) {
  return (
    <Alert className="grid gap-1">
      <p className="font-semibold">Canvas Authentication Required</p>
      <p>
        Your Canvas credentials must be configured: check the connection in{" "}
        <Link href="/settings" className="font-medium underline">
          Settings
        </Link>
        .
      </p>
      {detail && <p className="text-xs opacity-90">{detail}</p>}
    </Alert>
  );
}
