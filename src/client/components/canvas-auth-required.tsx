import { Link } from "wouter";
import { ApiError, errorMessage } from "#client/lib/api.ts";
import { Alert } from "./ui/card.tsx";

/** SPEC §2.5/§2.11/§8: what My Courses and GPA show when Canvas does not accept the stored credentials. */
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

/** A Canvas course list that failed: the authentication notice when that is the cause, else the reason. */
export function CanvasCoursesError({ error }: { error: unknown }) {
  const auth =
    error instanceof ApiError && (error.code === "canvas_auth" || error.code === "canvas_not_connected");
  if (auth) return <CanvasAuthRequired detail={errorMessage(error)} />;
  return <Alert>{errorMessage(error, "Could not load your Canvas courses.")}</Alert>;
}
