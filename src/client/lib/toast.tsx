import { useSyncExternalStore } from "react";
import { TOAST } from "#shared/constants.ts";

// The store, light enough for the first load; the Radix viewport (toaster.tsx) loads with the first toast.
export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  /** One button in the toast (Undo); pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
}
interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// SPEC §9: at most one toast at a time; a newer one replaces the older.
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: ToastInput) {
  items = [{ ...input, id: nextId++, open: true }, ...items].slice(0, TOAST.limit);
  emit();
}

export function dismiss(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Radix plays the exit animation; the item is removed after SPEC's remove delay unless replaced first.
  setTimeout(() => {
    items = items.filter((t) => t.id !== id);
    emit();
  }, TOAST.removeDelayMs);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The toasts to show, newest first. */
export const useToasts = () =>
  useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );

/** True from the first toast on: until then there is nothing to show, and no viewport to load. */
export const useAnyToast = () =>
  useSyncExternalStore(
    subscribe,
    () => nextId > 1,
    () => false,
  );
