import {
  type ComponentType,
  cloneElement,
  type HTMLAttributes,
  type LazyExoticComponent,
  lazy,
  type ReactElement,
  Suspense,
  useState,
} from "react";
import { LoadFailed } from "./load-failed.tsx";

type Openable<P> = ComponentType<P & { defaultOpen?: boolean }>;

export interface LazyDialog<P> {
  Dialog: LazyExoticComponent<Openable<P>>;
  preload: () => Promise<unknown>;
}

/** A dialog component whose module is imported on first use (call at module level, like React.lazy). */
export function lazyDialog<P>(load: () => Promise<Openable<P>>): LazyDialog<P> {
  let loading: Promise<Openable<P>> | undefined;
  const preload = () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined; // a failed download is tried again on the next click
      throw err;
    });
    return loading;
  };
  const attempt = () =>
    lazy(async () => {
      try {
        return { default: await preload() };
      } catch (error) {
        // Offline before the service worker cached it: a rejected lazy import unmounts the whole app (a
        // white page, with what the student typed). It says so in the dialog's place; the next opening
        // tries again.
        console.error("A dialog could not load:", error);
        dialog.Dialog = attempt();
        return { default: DialogUnavailable };
      }
    });
  const dialog: LazyDialog<P> = { Dialog: attempt(), preload };
  return dialog;
}

const DialogUnavailable = () => <LoadFailed what="This window" />;

/**
 * A dialog that is not part of its page's first load: the page draws `trigger` (a copy of the dialog's
 * own button) and the dialog's code (form library, schemas, Radix Dialog) downloads when the student
 * points at or focuses it. On the first click the real dialog replaces the copy, opened; from then on it
 * is an ordinary dialog (its own trigger, focus returned to it on close).
 */
export function DeferredDialog<P extends object>({
  dialog,
  trigger,
  props,
  popup = "dialog",
}: {
  dialog: LazyDialog<P>;
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  props: P;
  /** What the trigger opens (a Radix menu with `defaultOpen` works the same way). */
  popup?: "dialog" | "menu";
}) {
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);
  const warm = () => void dialog.preload().catch(() => undefined);
  const placeholder = cloneElement(trigger, {
    "aria-haspopup": popup,
    onPointerEnter: warm,
    onFocus: warm,
    // The code first: when it cannot arrive the button stays, with the reason beside it.
    onClick: () =>
      dialog.preload().then(
        () => setWanted(true),
        () => setFailed(true),
      ),
  });
  if (!wanted)
    return failed ? (
      <>
        {placeholder}
        <DialogUnavailable />
      </>
    ) : (
      placeholder
    );
  return (
    <Suspense fallback={placeholder}>
      <dialog.Dialog {...props} defaultOpen />
    </Suspense>
  );
}
