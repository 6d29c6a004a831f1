/**
 * Whether a key press belongs to the element that has focus (typing in a field, a key with a modifier,
 * arrows in tabs or a menu, anything in a dialog), so a page-wide shortcut must leave it alone.
 */
export function isOwnKey(e: KeyboardEvent): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return true;
  const t = e.target as HTMLElement | null;
  if (!t || typeof t.closest !== "function") return false;
  if (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)) return true;
  return t.closest('[role="dialog"], [role="tablist"], [role="menu"], [role="listbox"]') !== null;
}
