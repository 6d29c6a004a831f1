import type { Theme } from "#shared/settings/contract.ts";

const KEY = "theme";

export const storedTheme = (): Theme | null => {
  const v = localStorage.getItem(KEY);
  return v === "light" || v === "dark" || v === "system" ? v : null;
};

let media: MediaQueryList | undefined;
const onSystemChange = () => applyTheme("system");

/** Puts the theme class on <html> and remembers the choice on this device. */
export function applyTheme(theme: Theme, remember = true) {
  media ??= window.matchMedia("(prefers-color-scheme: dark)");
  const dark = theme === "dark" || (theme === "system" && media.matches);
  document.documentElement.classList.toggle("dark", dark);
  media.removeEventListener("change", onSystemChange);
  if (theme === "system") media.addEventListener("change", onSystemChange);
  if (remember) localStorage.setItem(KEY, theme);
}

/** Sign-out: the device forgets the student's theme and shows the default (light) until someone chooses. */
export function forgetTheme() {
  localStorage.removeItem(KEY);
  applyTheme("light", false);
}
