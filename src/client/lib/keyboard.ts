/**
 * Whether a key press belongs to the element that has focus (typing in a field, a key with a modifier),
 * so a page-wide shortcut must leave it alone.
 */
export function isOwnKey(e: KeyboardEvent): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return true;
  const t = e.target as HTMLElement | null;
  if (!t) return false;
  return t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName);
}
