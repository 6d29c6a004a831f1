import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "#client/lib/cn.ts";

/** min-w-0: as a grid or flex item the root would otherwise grow to the tab bar's one-line width. */
export const Tabs = ({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) => (
  <RadixTabs.Root className={cn("min-w-0", className)} {...props} />
);
export const TabsContent = ({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) => (
  <RadixTabs.Content className={cn("mt-4 outline-none", className)} {...props} />
);

/** One line at any width: on a phone the bar scrolls sideways inside itself instead of wrapping. */
export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn(
        "inline-flex max-w-full flex-nowrap gap-1 overflow-x-auto rounded-lg border border-border bg-bg p-1",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-muted transition-colors",
        "data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm",
        "focus-visible:outline-2 focus-visible:outline-accent",
        className,
      )}
      {...props}
    />
  );
}
