import type MarkdownIt from "markdown-it";
import type StateInline from "markdown-it/lib/rules_inline/state_inline.mjs";

/**
 * `$...$` (inline) and `$$...$$` (display) as `math_inline` / `math_block` tokens, by pandoc's rule so
 * prices stay text: an inline formula does not start or end with a space and is not followed by a digit
 * ('$5 and $10' is no formula). `\$` is a dollar sign.
 */
function math(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== 0x24 /* $ */) return false;
  const display = src.charCodeAt(pos + 1) === 0x24;
  const open = display ? 2 : 1;
  let end = pos + open;
  for (;;) {
    end = src.indexOf(display ? "$$" : "$", end);
    if (end === -1 || end >= posMax) return false;
    if (src.charCodeAt(end - 1) !== 0x5c /* \ */) break;
    end += 1;
  }
  const tex = src.slice(pos + open, end);
  if (!tex.trim()) return false;
  if (!display && (/^\s|\s$/.test(tex) || /\d/.test(src.charAt(end + 1)))) return false;
  if (!silent) {
    const token = state.push(display ? "math_block" : "math_inline", "math", 0);
    token.content = tex.trim();
    token.markup = display ? "$$" : "$";
  }
  state.pos = end + open;
  return true;
}

export function mathPlugin(md: MarkdownIt) {
  md.inline.ruler.before("escape", "math", math);
}
