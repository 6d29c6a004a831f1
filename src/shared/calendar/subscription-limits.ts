// Without zod: Settings draws the subscriptions card before the contract's schemas load.

/** At most this many feeds per student: each is fetched every few hours. */
export const MAX_CALENDAR_SUBSCRIPTIONS = 10;
/** A feed's colour on the calendar: one of the calendar's own tones, so it stays readable in both themes. */
export const SUBSCRIPTION_COLOURS = ["blue", "green", "purple", "orange", "pink", "teal"] as const;
export type SubscriptionColour = (typeof SUBSCRIPTION_COLOURS)[number];
