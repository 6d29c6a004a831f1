import { CalendarPlus, Copy, RefreshCw, Trash2 } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { toast } from "#client/lib/toast.tsx";
import { useCalendarFeed, useRegenerateFeed, useRevokeFeed } from "../calendar.api.ts";

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "Copied to clipboard!", variant: "success" });
  } catch {
    toast({ title: "Failed to copy", description: "Please copy the link manually.", variant: "destructive" });
  }
}

/**
 * Settings > Integrations: a secret iCalendar URL that Google, Apple or Outlook calendars subscribe to.
 * Regenerating replaces it (the old link stops working); revoking turns the feed off.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateFeed();
  const revoke = useRevokeFeed();
  const busy = regenerate.isPending || revoke.isPending;
  const failure = regenerate.error ?? revoke.error;
  const url = feed.data?.url ?? null;

  return (
    <Card className="grid gap-3">
      <div className="flex items-start gap-3">
        <CalendarPlus className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
        <div className="grid gap-1">
          <CardTitle>Subscribe in your calendar app</CardTitle>
          <CardDescription>
            Your tasks with due dates and your calendar events, in Google Calendar, Apple Calendar or Outlook.
            Add the link as a calendar "from URL"; it refreshes on its own.
          </CardDescription>
        </div>
      </div>
      {feed.isPending ? (
        <Skeleton className="h-10" />
      ) : feed.isError ? (
        <Alert>{errorMessage(feed.error, "Could not load your calendar link.")}</Alert>
      ) : url ? (
        <div className="grid gap-2">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              readOnly
              value={url}
              aria-label="Calendar subscription link"
              onFocus={(e) => e.target.select()}
            />
            <Button variant="secondary" onClick={() => copy(url)}>
              <Copy className="h-4 w-4" aria-hidden /> Copy link
            </Button>
          </div>
          <p className="text-xs text-muted">
            Anyone with this link can see these items. If it leaks, regenerate it.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => regenerate.mutate()}>
              <RefreshCw className="h-4 w-4" aria-hidden /> Regenerate link
            </Button>
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => revoke.mutate()}>
              <Trash2 className="h-4 w-4" aria-hidden /> Turn off
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button disabled={busy} onClick={() => regenerate.mutate()}>
            Create subscription link
          </Button>
        </div>
      )}
      {failure && <Alert>{errorMessage(failure, "Something went wrong. Please try again.")}</Alert>}
    </Card>
  );
}
