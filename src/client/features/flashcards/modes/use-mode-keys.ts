import { useEffect, useRef } from "react";
import { isOwnKey } from "#client/lib/keyboard.ts";

/**
 * Page-wide shortcuts of a study mode. `onKey` gets the key (letters in lower case) and answers whether
 * it used it. Keys typed into a field, or meant for a focused control (Enter or Space on a button), are
 * left alone.
 */
export function useModeKeys(onKey: (key: string) => boolean) {
  const ref = useRef(onKey);
  ref.current = onKey;
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (isOwnKey(e)) return;
      if ((e.key === "Enter" || e.key === " ") && (e.target as HTMLElement).closest?.("button, a")) return;
      if (ref.current(e.key.length === 1 ? e.key.toLowerCase() : e.key)) e.preventDefault();
    };
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}
