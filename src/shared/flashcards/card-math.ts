/**
 * Where a card's text holds a formula: `$...$` (inline) and `$$...$$` (display), by pandoc's rule so
 * prices stay text: an inline formula does not start or end with a space and is not followed by a digit
 * ('$5 and $10' is no formula); `\$` is a dollar sign. The cards' Markdown (card-markdown.ts)
 * and the Anki conversion (anki-html.ts, MathJax's `\(...\)` and `\[...\]`) read formulas by this one rule.
 */
export interface MathSpan {
  /** The TeX between the delimiters, as written. */
  tex: string;
  display: boolean;
  /** The index just after the closing delimiter. */
  end: number;
}

/** The formula that starts at `pos` (a `$`), if one does; `posMax` bounds the search. */
export function mathAt(src: string, pos: number, posMax = src.length): MathSpan | null {
  if (src.charCodeAt(pos) !== 0x24 /* $ */) return null;
  const display = src.charCodeAt(pos + 1) === 0x24;
  const open = display ? 2 : 1;
  let end = pos + open;
  for (;;) {
    end = src.indexOf(display ? "$$" : "$", end);
    if (end === -1 || end >= posMax) return null;
    if (src.charCodeAt(end - 1) !== 0x5c /* \ */) break;
    end += 1;
  }
  const tex = src.slice(pos + open, end);
  if (!tex.trim()) return null;
  if (!display && (/^\s|\s$/.test(tex) || /\d/.test(src.charAt(end + 1)))) return null;
  return { tex, display, end: end + open };
}
