import { Toast as RadixToast } from "radix-ui";
import { TOAST } from "#shared/constants.ts";
import { cn } from "./cn.ts";
import { dismiss, useToasts } from "./toast.tsx";

export function Toaster() {
  const list = useToasts();
  return (
    <RadixToast.Provider
      duration={TOAST.durationMs}
      swipeDirection="right"
      swipeThreshold={TOAST.swipeThresholdPx}
    >
      {list.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismiss(t.id)}
          type={t.variant === "destructive" ? "foreground" : "background"}
          className={cn(
            "grid gap-1 rounded-lg border p-4 pr-8 shadow-lg relative",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-out",
            t.variant === "destructive"
              ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
              : "border-border bg-surface text-fg",
          )}
        >
          <RadixToast.Title className="text-sm font-semibold">{t.title}</RadixToast.Title>
          {t.description && (
            <RadixToast.Description className="text-sm opacity-90">{t.description}</RadixToast.Description>
          )}
          {t.action && (
            <RadixToast.Action
              altText={t.action.label}
              onClick={t.action.onClick}
              className="mt-1 justify-self-start rounded-md border border-border px-3 py-1 text-sm font-medium hover:bg-bg"
            >
              {t.action.label}
            </RadixToast.Action>
          )}
          <RadixToast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded p-1 text-sm opacity-70 hover:opacity-100"
          >
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </RadixToast.Provider>
  );
}
