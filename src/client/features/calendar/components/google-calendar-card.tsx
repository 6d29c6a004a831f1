import { CalendarCheck } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#client/components/ui/card.tsx";
import { toast } from "#client/lib/toast.tsx";
import { formatDate } from "#shared/date-format.ts";
import { useCalendarToken, useConnectCalendar } from "../calendar.api.ts";

/**
 * SPEC §2.6/§7 external calendar connect. As in the original it stores placeholder tokens valid for one
 * hour; nothing is authorised with Google. The subscription link above is the working route.
 */
export function GoogleCalendarCard() {
  const token = useCalendarToken();
  const connected = token.data?.connected ? token.data : null;
  const connect = useConnectCalendar();
  const onConnect = () =>
    connect.mutate(undefined, {
      onSuccess: () => toast({ title: "Google Calendar connected", variant: "success" }),
      onError: (err) => {
        console.error("Failed to save Google Calendar token", err);
        toast({
          title: "Connection failed",
          description: "Could not connect to Google Calendar.",
          variant: "destructive",
        });
      },
    });

  return (
    <Card className="grid gap-3">
      <div className="flex items-start gap-3">
        <CalendarCheck className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
        <div className="grid gap-1">
          <CardTitle>Google Calendar</CardTitle>
          <CardDescription>
            {connected
              ? `Connected (demo token valid until ${formatDate(new Date(connected.expiresAt), "h:mm a")}).`
              : "Connect your Google Calendar account."}
          </CardDescription>
        </div>
      </div>
      <div>
        <Button
          variant={connected ? "secondary" : "primary"}
          disabled={connect.isPending || token.isPending}
          onClick={onConnect}
        >
          {connected ? "Reconnect Google Calendar" : "Connect Google Calendar"}
        </Button>
      </div>
    </Card>
  );
}
