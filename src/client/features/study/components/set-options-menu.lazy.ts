import { lazyDialog } from "#client/components/deferred-dialog.tsx";

// Apart from the button the menu itself draws (set-options-button.tsx), so the two import no circle.

/** The options menu: Radix's menu and floating-ui (~15 KB gzip) load when the student reaches for it. */
export const setOptionsMenu = lazyDialog(async () => (await import("./set-options-menu.tsx")).SetOptionsMenu);
