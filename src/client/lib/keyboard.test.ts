import { describe, expect, it } from "vitest";
import { isOwnKey } from "./keyboard.ts";

/** A stand-in for the focused element: only what isOwnKey reads. */
function target(tagName: string, inside: string | null = null, editable = false) {
  return {
    tagName,
    isContentEditable: editable,
    closest: (selector: string) => (inside && selector.includes(`[role="${inside}"]`) ? {} : null),
  };
}
const key = (t: unknown, mods: Partial<KeyboardEvent> = {}) =>
  ({
    key: " ",
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    defaultPrevented: false,
    target: t,
    ...mods,
  }) as unknown as KeyboardEvent;

describe("isOwnKey", () => {
  it("leaves typing, modified keys and handled keys to their element", () => {
    expect(isOwnKey(key(target("INPUT")))).toBe(true);
    expect(isOwnKey(key(target("TEXTAREA")))).toBe(true);
    expect(isOwnKey(key(target("DIV", null, true)))).toBe(true);
    expect(isOwnKey(key(target("BODY"), { ctrlKey: true }))).toBe(true);
    expect(isOwnKey(key(target("BODY"), { defaultPrevented: true }))).toBe(true);
  });

  it("leaves keys in a dialog, tabs or a menu alone", () => {
    expect(isOwnKey(key(target("BUTTON", "dialog")))).toBe(true);
    expect(isOwnKey(key(target("BUTTON", "tablist")))).toBe(true);
    expect(isOwnKey(key(target("DIV", "menu")))).toBe(true);
  });

  it("takes keys pressed on the page itself or on a plain button", () => {
    expect(isOwnKey(key(target("BODY")))).toBe(false);
    expect(isOwnKey(key(target("BUTTON")))).toBe(false);
    expect(isOwnKey(key(null))).toBe(false);
  });
});
