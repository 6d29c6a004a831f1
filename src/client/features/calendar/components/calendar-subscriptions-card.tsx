import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarSync, RefreshCw, Trash2 } from "lucide-react";
import { type Resolver, useForm } from "react-hook-form";
import { ConfirmDialog } from "#client/components/confirm-dialog.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { Field, Input, Select } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { toast } from "#client/lib/toast.tsx";
import type { AddSubscriptionInput, CalendarSubscription } from "#shared/calendar/contract.ts";
import {
  MAX_CALENDAR_SUBSCRIPTIONS,
  SUBSCRIPTION_COLOURS,
  type SubscriptionColour,
} from "#shared/calendar/subscription-limits.ts";
import { formatDate } from "#shared/date-format.ts";
import {
  useAddSubscription,
  useRefreshSubscription,
  useRemoveSubscription,
  useSubscriptions,
} from "../calendar.api.ts";

const dot: Record<SubscriptionColour, string> = {
  blue: "bg-blue-500",
  green: "bg-green-500",
  purple: "bg-purple-500",
  orange: "bg-orange-500",
  pink: "bg-pink-500",
  teal: "bg-teal-500",
};
const colourName = (c: SubscriptionColour) => c[0]!.toUpperCase() + c.slice(1);

/** The feed's host only: the rest of a feed URL often holds a secret token, kept off the screen. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function SubscriptionRow({ sub }: { sub: CalendarSubscription }) {
  const refresh = useRefreshSubscription();
  const remove = useRemoveSubscription();
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3" data-testid="calendar-subscription">
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn("h-3 w-3 shrink-0 rounded-full", dot[sub.colour])} aria-hidden />
        <span className="font-medium wrap-anywhere">{sub.name}</span>
        <span className="text-xs text-muted wrap-anywhere">{hostOf(sub.url)}</span>
      </div>
      <p className="text-xs text-muted">
        {sub.itemCount} {sub.itemCount === 1 ? "event" : "events"}
        {sub.lastRefreshedAt
          ? ` · refreshed ${formatDate(new Date(sub.lastRefreshedAt), "MMM d, h:mm a")}`
          : ""}
        {sub.truncated ? " · the feed is too large, so some events are left out" : ""}
      </p>
      {sub.lastError && <Alert>Last refresh failed: {sub.lastError}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={refresh.isPending}
          aria-label={`Refresh ${sub.name}`}
          onClick={() =>
            refresh.mutate(sub.id, {
              onSuccess: (s) => toast({ title: `${s.name} refreshed`, variant: "success" }),
              onError: (err) =>
                toast({ title: "Could not refresh", description: errorMessage(err), variant: "destructive" }),
            })
          }
        >
          <RefreshCw className="h-4 w-4" aria-hidden /> {refresh.isPending ? "Refreshing..." : "Refresh"}
        </Button>
        <ConfirmDialog
          title="Remove this calendar?"
          subject={sub.name}
          description="Its events leave your Studyhall calendar. The calendar itself is not changed."
          confirmLabel="Remove"
          onConfirm={() => remove.mutateAsync(sub.id)}
          trigger={
            <Button size="sm" variant="ghost" aria-label={`Remove ${sub.name}`}>
              <Trash2 className="h-4 w-4" aria-hidden /> Remove
            </Button>
          }
        />
      </div>
    </li>
  );
}

/** The shared schema, loaded with the first check (the contract and zod stay out of the Settings chunk). */
const resolver: Resolver<AddSubscriptionInput> = async (values, context, options) => {
  const { addSubscriptionSchema } = await import("#shared/calendar/contract.ts");
  return (zodResolver(addSubscriptionSchema) as unknown as Resolver<AddSubscriptionInput>)(
    values,
    context,
    options,
  );
};

/** Settings > Integrations: iCal feeds (a Canvas calendar feed, a class timetable) shown read-only in the calendar. */
export function CalendarSubscriptionsCard() {
  const subs = useSubscriptions();
  const add = useAddSubscription();
  const form = useForm<AddSubscriptionInput>({
    resolver,
    defaultValues: { name: "", url: "", colour: "blue" },
  });
  const { errors } = form.formState;
  const full = (subs.data?.length ?? 0) >= MAX_CALENDAR_SUBSCRIPTIONS;
  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (s) => {
        form.reset({ name: "", url: "", colour: values.colour });
        toast({ title: `Subscribed to ${s.name}`, description: `${s.itemCount} events`, variant: "success" });
      },
    }),
  );
  const invalid = (name: "name" | "url") => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `subscription-${name}-error` : undefined,
  });

  return (
    <Card className="grid gap-3">
      <div className="flex items-start gap-3">
        <CalendarSync className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
        <div className="grid gap-1">
          <CardTitle>Calendar subscriptions</CardTitle>
          <CardDescription>
            Show another calendar's events (your Canvas calendar feed, a class timetable) in Studyhall. They
            are read-only and refresh every few hours.
          </CardDescription>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Add a calendar subscription">
        <Field id="subscription-url" label="Feed address (iCal / .ics)" error={errors.url?.message}>
          <Input
            id="subscription-url"
            type="url"
            inputMode="url"
            placeholder="https://school.instructure.com/feeds/calendars/..."
            {...invalid("url")}
            {...form.register("url")}
          />
        </Field>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <Field id="subscription-name" label="Name" error={errors.name?.message}>
            <Input
              id="subscription-name"
              placeholder="Timetable"
              {...invalid("name")}
              {...form.register("name")}
            />
          </Field>
          <Field id="subscription-colour" label="Colour">
            <Select id="subscription-colour" {...form.register("colour")}>
              {SUBSCRIPTION_COLOURS.map((c) => (
                <option key={c} value={c}>
                  {colourName(c)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {add.isError && <Alert>{errorMessage(add.error, "Could not subscribe to that calendar.")}</Alert>}
        <div>
          <Button type="submit" disabled={add.isPending || full}>
            {add.isPending ? "Subscribing..." : "Subscribe"}
          </Button>
          {full && (
            <p className="mt-1 text-xs text-muted">
              You have {MAX_CALENDAR_SUBSCRIPTIONS} calendars, the most there can be. Remove one to add
              another.
            </p>
          )}
        </div>
      </form>
      {subs.isPending ? (
        <Skeleton className="h-16" />
      ) : subs.isError ? (
        <Alert className="flex flex-wrap items-center justify-between gap-2">
          <span>{errorMessage(subs.error, "Could not load your calendar subscriptions.")}</span>
          <Button size="sm" variant="secondary" onClick={() => subs.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : subs.data.length === 0 ? (
        <p className="text-sm text-muted">No subscriptions yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Calendar subscriptions">
          {subs.data.map((s) => (
            <SubscriptionRow key={s.id} sub={s} />
          ))}
        </ul>
      )}
    </Card>
  );
}
