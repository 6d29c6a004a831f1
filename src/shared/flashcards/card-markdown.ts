import MarkdownIt from "markdown-it";
import type StateInline from "markdown-it/lib/rules_inline/state_inline.mjs";
import { mathAt } from "./card-math.ts";

/** Formulas as `math_inline` / `math_block` tokens, by the cards' one rule (card-math.ts). */
function math(state: StateInline, silent: boolean): boolean {
  const span = mathAt(state.src, state.pos, state.posMax);
  if (!span) return false;
  if (!silent) {
    const token = state.push(span.display ? "math_block" : "math_inline", "math", 0);
    token.content = span.tex.trim();
    // As written, for a conversion that must give the same formula back (anki-html.ts).
    token.meta = { tex: span.tex };
    token.markup = span.display ? "$$" : "$";
  }
  state.pos = span.end;
  return true;
}

/**
 * The cards' Markdown: the safe subset (issue 25 §1) of emphasis, lists, code, links and line breaks, and
 * formulas; no raw HTML (`html: false` leaves tags as text), no headings, tables or images (images come
 * from the media feature). The card renderer (client card-text) and the Anki conversion (anki-html.ts)
 * read a card's text with this one parser.
 */
export const cardMarkdown = new MarkdownIt("zero", { html: false, breaks: true, linkify: false })
  .enable(["list", "code", "fence", "paragraph"])
  .enable(["newline", "escape", "backticks", "emphasis", "strikethrough", "link", "entity"])
  .use((md) => md.inline.ruler.before("escape", "math", math));
