import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. It does not resolve conflicts between them (tailwind-merge did, for 8.6 KB gzip on
 * every page): the ui components keep their own styles in the components layer (styles.css), so a
 * utility a caller passes in className overrides them, and a component's conditional classes must not
 * set the same property twice (use a ternary, not `base && override`).
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
