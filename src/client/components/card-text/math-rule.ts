import type MarkdownIt from "markdown-it";
import type StateInline from "markdown-it/lib/rules_inline/state_inline.mjs";
import { mathAt } from "#shared/flashcards/card-math.ts";

/** Formulas as `math_inline` / `math_block` tokens, by the cards' one rule (#shared/flashcards/card-math.ts). */
function math(state: StateInline, silent: boolean): boolean {
  const span = mathAt(state.src, state.pos, state.posMax);
  if (!span) return false;
  if (!silent) {
    const token = state.push(span.display ? "math_block" : "math_inline", "math", 0);
    token.content = span.tex.trim();
    token.markup = span.display ? "$$" : "$";
  }
  state.pos = span.end;
  return true;
}

export function mathPlugin(md: MarkdownIt) {
  md.inline.ruler.before("escape", "math", math);
}
