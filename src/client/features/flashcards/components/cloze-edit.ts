import { clozeNumbers } from "#shared/flashcards/card-model.ts";

/**
 * The editor's Cloze button (Anki's Ctrl+Shift+C): the selection wrapped in the next cloze number,
 * `{{cN::selection}}`, or an empty `{{cN::}}` at the caret. Answers the new text and where the caret goes
 * (after the selection, or inside the empty cloze).
 */
export function wrapInCloze(text: string, start: number, end: number): { text: string; caret: number } {
  const n = Math.max(0, ...clozeNumbers(text)) + 1;
  const open = `{{c${n}::`;
  const selected = text.slice(start, end);
  const next = `${text.slice(0, start)}${open}${selected}}}${text.slice(end)}`;
  return { text: next, caret: start + open.length + selected.length + (selected ? 2 : 0) };
}
