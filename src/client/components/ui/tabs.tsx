import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  useCallback,
  useContext,
  useId,
  useState,
} from "react";
import { cn } from "#client/lib/cn.ts";

// WAI-ARIA tabs with Radix Tabs' API and behaviour (automatic activation, roving focus that wraps, Home
// and End, inactive panels unmounted, data-state on triggers and panels), written here because Radix's
// Tabs with its collection and roving-focus packages was ~9 KB gzip of the signed-out landing page.

interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  idFor: (part: "trigger" | "content", value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

type TabsProps = Omit<ComponentProps<"div">, "defaultValue" | "dir"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

/** min-w-0: as a grid or flex item the root would otherwise grow to the tab bar's one-line width. */
export function Tabs({ value, defaultValue, onValueChange, className, children, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const base = useId();
  const select = useCallback(
    (next: string) => {
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    [value, onValueChange],
  );
  const idFor = useCallback(
    (part: "trigger" | "content", v: string) => `${base}-${part}-${v.replace(/\s/g, "-")}`,
    [base],
  );
  return (
    <TabsContext.Provider value={{ value: current, select, idFor }}>
      <div dir="ltr" data-orientation="horizontal" className={cn("ui-tabs", className)} {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** Arrow keys move between the enabled tabs (wrapping), Home and End jump; focus selects (automatic). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || tabs.length === 0) return;
  event.preventDefault();
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? tabs.length - 1
        : (at + (event.key === "ArrowRight" ? 1 : -1) + tabs.length) % tabs.length;
  tabs[next]?.focus();
}

/**
 * The bar wraps onto a second line when its tabs do not fit (a phone's 360 px): a bar that scrolled
 * sideways hid 'Canvas Assignments' and 'AI Settings' with nothing to say they were there (issue 26).
 */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn("ui-tabs-list", className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onFocus,
  onKeyDown,
  ...props
}: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idFor("trigger", value)}
      aria-selected={selected}
      aria-controls={tabs.idFor("content", value)}
      data-state={selected ? "active" : "inactive"}
      data-disabled={disabled ? "" : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      // The selected tab is the one Tab reaches; arrows move between the others.
      tabIndex={selected ? 0 : -1}
      className={cn("ui-tabs-trigger", className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // Like Radix: a left press selects at once; a ctrl-click (context menu on macOS) does not.
        if (!disabled && event.button === 0 && !event.ctrlKey && !event.defaultPrevented) tabs.select(value);
        else if (event.button === 0 && !event.ctrlKey) event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented && (event.key === " " || event.key === "Enter")) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!selected && !disabled && !event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  ...props
}: Omit<ComponentProps<"div">, "value"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idFor("content", value)}
      aria-labelledby={tabs.idFor("trigger", value)}
      data-state="active"
      data-orientation="horizontal"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a Tab stop (WAI-ARIA tabs, as Radix did)
      tabIndex={0}
      className={cn("ui-tabs-content", className)}
      {...props}
    />
  );
}
