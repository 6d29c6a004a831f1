import { decodeHTML, decodeHTMLAttribute } from "entities";
import type Token from "markdown-it/lib/token.mjs";
import { cardMarkdown } from "./card-markdown.ts";
import { mathAt } from "./card-math.ts";
import { IMAGE_MARKDOWN, imageMarkdown } from "./card-model.ts";

/**
 * Anki keeps card fields as HTML; Studyhall keeps the cards' Markdown (card-markdown.ts) with images as
 * `![](name)` and sounds as Anki's `[sound:name]` (card-model.ts). These two functions convert between
 * them: bold, italic, strikethrough, code, lists and links become Anki's HTML and back, formulas are
 * MathJax's `\(...\)` and `\[...\]` in Anki and `$...$`, `$$...$$` here (card-math.ts), and Anki's text is
 * escaped where Markdown would read it as formatting. `textToAnkiHtml` then `ankiHtmlToText` gives back
 * a text that reads the same (tested as a property).
 */

/** Block elements Anki's own HTML-to-text treats as line breaks (rslib/src/text.rs, HTML_LINEBREAK_TAGS). */
const BLOCK =
  "address|article|aside|blockquote|canvas|dd|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|noscript|ol|output|p|pre|section|table|tfoot|tr|ul|video";
const BLOCK_TAG = new RegExp(`^</?(?:${BLOCK})\\b`, "i");
const BR_TAG = /^<br\s*\/?>$/i;
/** An <img>, <audio>, <video>, <source> or <object> tag and its file (Anki's HTML_MEDIA_TAGS, simplified). */
const MEDIA_TAG = /^<(img|audio|video|source|object)\b/i;
const MEDIA_SRC = /\b(?:src|data)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const ALT = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
/**
 * The inline formatting Anki's editor writes (bold, italic, strikethrough, code) and the cards' Markdown
 * for it (card-text renders it). Underline has no Markdown and keeps only its text.
 */
const FORMAT_TAG = /^<(\/?)(b|strong|i|em|s|strike|del|code)\b[^>]*>$/i;
const FORMAT_MARKER: Record<string, string> = {
  b: "**",
  strong: "**",
  i: "*",
  em: "*",
  s: "~~",
  strike: "~~",
  del: "~~",
  code: "`",
};

const LIST_TAG = /^<(\/?)(ul|ol)\b[^>]*>$/i;
const LIST_ITEM = /^<li\b/i;
const LINK_TAG = /^<(\/?)a\b[^>]*>$/i;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const START = /\bstart\s*=\s*["']?(\d{1,6})/i;
const PRE_TAG = /^<(\/?)pre\b[^>]*>$/i;
const SCRIPT_TAG = /^<(\/?)(sup|sub)\b[^>]*>$/i;
/**
 * The characters Unicode has a superscript or subscript form of that science decks put in <sup> and
 * <sub> (x², 10⁻³, Fe³⁺, H₂O): the cards' Markdown has no such markup, and the text alone read "x2". A
 * typed "x2" still grades as "x²" (grading.ts compares NFKD forms).
 */
const SCRIPT_FORMS: Record<string, Record<string, string>> = {
  sup: Object.fromEntries([..."0123456789+-=()ni"].map((c, i) => [c, "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ"[i]!])),
  sub: Object.fromEntries([..."0123456789+-=()"].map((c, i) => [c, "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎"[i]!])),
};
/** The tag markMathJax puts around a formula: a name no Anki field holds. */
const MATH_MARK = "studyhall-formula";
const MATH_TAG = new RegExp(`^<(/?)${MATH_MARK}( display)?>$`);

/**
 * Anki's text is text: the characters the cards' Markdown would read as formatting (`2*3*4`, `__init__`,
 * `[1]`, a price in `$`, a line that starts with `- ` or `1.`) are escaped so they show as typed. Sound
 * tags are Anki's syntax and stay as they are.
 */
function escapeMarkdown(text: string, atLineStart: boolean): string {
  const escaped = text
    .split(/(\[sound:[^\]\n]*\])/)
    .map((part, i) => {
      if (i % 2) return part;
      const plain = part.replace(/[\\`*_~[\]$]|&(?=#?[a-z0-9]+;)/gi, "\\$&");
      // A '(' just after a sound tag would make the tag a link.
      return i > 0 ? plain.replace(/^\(/, "\\(") : plain;
    })
    .join("");
  return escaped
    .split("\n")
    .map((line, i) =>
      i === 0 && !atLineStart
        ? line
        : // HTML shows no space at the start of a line; Markdown would read four as code.
          line
            .replace(/^[ \t]+/, "")
            .replace(/^([-+])(?=[ \t]|$)/, "\\$1")
            .replace(/^(\d{1,9})([.)])(?=[ \t]|$)/, "$1\\$2"),
    )
    .join("\n");
}

/**
 * Formatted text in its Markdown marker, line by line (a marker does not reach over a blank line) and
 * with the spaces Anki's editor leaves inside a tag (`<b>word </b>`) put outside: a marker next to a
 * space is no marker in Markdown. Code over several lines that holds a backtick is left as (escaped) text.
 */
function formatted(text: string, marker: string): string {
  if (marker === "`" && !text.includes("\n") && text !== "") {
    // Code is what it holds: fenced by more backticks than it has in a row, spaces kept (Markdown drops
    // one space from each end of `` ` a ` ``, and needs one beside a backtick at an end).
    const fence = "`".repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
    const pad = /^`|`$/.test(text) || (/^ [\s\S]* $/.test(text) && text.trim()) ? " " : "";
    return `${fence}${pad}${text}${pad}${fence}`;
  }
  if (marker === "`" && text.includes("`")) return escapeMarkdown(text, false);
  return text
    .split("\n")
    .map((line) => {
      const [, lead, body, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(line)!;
      return body ? `${lead}${marker}${body}${marker}${trail}` : line;
    })
    .join("\n");
}

/**
 * Decodes character references as the browser Anki shows a field in does (HTML's rules, all of its
 * named references, by the entities package). A written non-breaking space is a space: Anki's own
 * HTML-to-text makes it one (rslib/src/text.rs, decode_entities).
 */
function decodeEntities(text: string, inAttribute = false): string {
  if (!text.includes("&")) return text;
  // Names are case-sensitive ('&NBSP;' is text to a browser); a numeric reference's x and digits are not.
  const spaced = text.replace(/&(?:nbsp|#0*160|#[xX]0*[aA]0);/g, " ");
  return inAttribute ? decodeHTMLAttribute(spaced) : decodeHTML(spaced);
}

/** An attribute's value in a tag (`pattern`: its double-quoted, single-quoted, bare forms), decoded; "" if absent. */
function attribute(pattern: RegExp, tag: string): string {
  const [, dq, sq, bare] = pattern.exec(tag) ?? [];
  return decodeEntities(dq ?? sq ?? bare ?? "", true);
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/**
 * MathJax's delimiters in text that is not a formula, written with a character reference (`\&#40;`): a
 * `\(` the student typed reads back as typed rather than as a formula.
 */
const DELIMITER_REFERENCE: Record<string, string> = {
  "(": "&#40;",
  ")": "&#41;",
  "[": "&#91;",
  "]": "&#93;",
};
const literalDelimiters = (html: string) =>
  html.replace(/\\([()[\]])/g, (_, d: string) => `\\${DELIMITER_REFERENCE[d]}`);
const escapeAttr = (text: string) => literalDelimiters(escapeHtml(text).replace(/"/g, "&quot;"));

/**
 * Writes an Anki field's HTML as the cards' Markdown, tag by tag and text by text (ankiHtmlToText): what
 * is open (formatting, lists, a link, a code block, a formula) is remembered with where in `out` it
 * started, and its Markdown is put around that text when it closes.
 */
class MarkdownWriter {
  out = "";
  /** Formatting open at a point of `out`; a tag inside the same formatting (<b><b>) adds no marker. */
  private open: { marker: string; at: number; wraps: boolean }[] = [];
  /** Lists being read, innermost last, with the items numbered so far and their marker's width. */
  private lists: { ordered: boolean; items: number; width: number; other: boolean }[] = [];
  /** Where the last list in no other ended, and whether it used the other markers. */
  private listEnd = { at: -1, other: false };
  private link: { href: string; at: number } | null = null;
  /** Preformatted text being read: a code block, whose text is code, not escaped. */
  private pre: { at: number; opensItem: boolean } | null = null;
  /** The formula being read (markMathJax). */
  private formula: { at: number; display: boolean } | null = null;
  /** Where the innermost list item's text starts: a block's start, as a line's is. */
  private itemStart = -1;
  /** The <sup> or <sub> being read. */
  private script: { at: number; forms: Record<string, string> } | null = null;

  text(text: string) {
    const decoded = decodeEntities(text);
    const literal = this.pre !== null || this.formula !== null || this.open.some((o) => o.marker === "`");
    this.out += literal ? decoded : escapeMarkdown(decoded, this.atLineStart());
  }

  tag(tag: string) {
    const math = MATH_TAG.exec(tag);
    const pre = PRE_TAG.exec(tag);
    const format = FORMAT_TAG.exec(tag);
    const list = LIST_TAG.exec(tag);
    const link = LINK_TAG.exec(tag);
    const script = SCRIPT_TAG.exec(tag);
    if (math) this.onFormula(!math[1], Boolean(math[2]));
    else if (pre) this.onPre(!pre[1]);
    // <code> inside <pre> is the block's own: no marker.
    else if (format && !this.pre) this.onFormat(!format[1], FORMAT_MARKER[format[2]!.toLowerCase()]!);
    else if (format) return;
    else if (list) this.onList(!list[1], list[2]!.toLowerCase() === "ol", tag);
    else if (LIST_ITEM.test(tag) && this.lists.length) this.onItem();
    else if (link) this.onLink(!link[1], tag);
    else if (script && !this.pre && !this.formula) this.onScript(!script[1], script[2]!.toLowerCase());
    else if (BR_TAG.test(tag)) this.newLine();
    else if (MEDIA_TAG.test(tag)) this.onMedia(tag);
    else if (BLOCK_TAG.test(tag)) this.lineBreak();
  }

  /** Where a block inside list items starts its lines: under the text of the innermost item. */
  private indent() {
    return " ".repeat(this.lists.reduce((sum, list) => sum + list.width, 0));
  }

  private atLineStart() {
    return this.out.length === this.itemStart || /(^|\n) *$/.test(this.out);
  }

  /** A line inside a list item starts under the item's text, or it would leave the item. */
  private newLine() {
    this.out += `\n${this.indent()}`;
  }

  /** Opening and closing blocks both end a line, but never start an empty one: "a<div>b</div>" is "a\nb". */
  private lineBreak() {
    if (!this.atLineStart()) this.newLine();
  }

  private onFormula(opening: boolean, display: boolean) {
    if (opening) this.formula = { at: this.out.length, display };
    else if (this.formula) {
      const { at } = this.formula;
      const tex = this.out.slice(at);
      this.out = this.out.slice(0, at) + (this.formula.display ? `$$${tex}$$` : `$${tex.trim()}$`);
      this.formula = null;
    }
  }

  private onPre(opening: boolean) {
    if (opening && !this.pre) {
      // A block that opens a list item starts on the item's line, after its marker.
      const opensItem = this.out.length === this.itemStart;
      this.lineBreak();
      if (!opensItem) this.out = this.out.replace(/ +$/, "");
      this.pre = { at: this.out.length, opensItem };
    } else if (!opening && this.pre) {
      const { at, opensItem } = this.pre;
      const code = this.out.slice(at).replace(/\n+$/, "");
      const fence = "`".repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)));
      const lines = [fence, ...(code ? code.split("\n") : []), fence];
      const indent = this.indent();
      this.out = `${this.out.slice(0, at)}${lines.map((line, i) => (i === 0 && opensItem ? "" : indent) + line).join("\n")}\n`;
      this.pre = null;
    }
  }

  private onFormat(opening: boolean, marker: string) {
    if (opening) {
      this.open.push({ marker, at: this.out.length, wraps: !this.open.some((o) => o.marker === marker) });
      return;
    }
    const i = this.open.findLastIndex((o) => o.marker === marker);
    const opened = this.open[i];
    if (!opened) return;
    this.open.length = i;
    if (opened.wraps) this.out = this.out.slice(0, opened.at) + formatted(this.out.slice(opened.at), marker);
  }

  private onList(opening: boolean, ordered: boolean, tag: string) {
    if (opening) {
      this.lineBreak();
      // A blank line before a list after text: not every list may interrupt a paragraph (an empty item
      // may not). Inside an item it makes the list loose, which card-text draws the same.
      const afterText = this.lists.length ? this.out.length !== this.itemStart : this.out !== "";
      if (afterText && !/\n *\n *$/.test(this.out)) this.out = `${this.out.replace(/ +$/, "")}\n`;
      const start = ordered ? Number(START.exec(tag)?.[1] ?? 1) : 1;
      // A list right after another takes the other markers ('*', '1)'), or Markdown would join them.
      const other = !this.lists.length && this.listEnd.at === this.out.length && !this.listEnd.other;
      this.lists.push({ ordered, items: start - 1, width: 0, other });
      return;
    }
    this.dropBlankAfterList();
    const closed = this.lists.pop();
    if (!closed) return;
    // What follows a list goes past a blank line (even after an empty item), or Markdown would read it
    // as more of the list's last item ('<li>a<ul><li>b</li></ul>c</li>': c is a's, not b's): under the
    // item around the list, or at no indent after a list in no other. The blank line inside an item is
    // taken back if nothing follows there (dropBlankAfterList), so a tight list stays tight.
    this.out = this.out.replace(/ +$/, "");
    if (this.out !== "" && !this.out.endsWith("\n")) this.out += "\n";
    this.out += `\n${this.indent()}`;
    if (this.lists.length) this.blankAfterList = this.out.length;
    else this.listEnd = { at: this.out.length, other: closed.other };
  }

  /** Where the blank line after a nested list ends, while nothing has been written after it. */
  private blankAfterList = -1;

  private dropBlankAfterList() {
    if (this.out.length === this.blankAfterList) this.out = this.out.replace(/\n(\n *)$/, "$1");
  }

  private onItem() {
    this.dropBlankAfterList();
    // On a line of its own, even after an empty item.
    if (!/(^|\n) *$/.test(this.out)) this.newLine();
    const list = this.lists.at(-1)!;
    const marker = list.ordered ? `${++list.items}${list.other ? ")" : "."} ` : list.other ? "* " : "- ";
    // Markdown nests a list under the text column of the item around it: this item's own width counts
    // only once its marker is written.
    list.width = 0;
    this.out = this.out.replace(/ +$/, "") + this.indent() + marker;
    list.width = marker.length;
    this.itemStart = this.out.length;
  }

  private onLink(opening: boolean, tag: string) {
    if (opening) {
      const href = attribute(HREF, tag).trim();
      // A link the cards' Markdown would not make (javascript:, a '<' in it) keeps only its text.
      const usable = href && !/[<>\n]/.test(href) && cardMarkdown.validateLink(href);
      this.link = usable ? { href, at: this.out.length } : null;
      return;
    }
    if (!this.link) return;
    const { href, at } = this.link;
    const text = this.out.slice(at);
    this.out = `${this.out.slice(0, at)}[${text}](${/[\s()]/.test(href) ? `<${href}>` : href})`;
    // A '!' before it would make the link a picture's Markdown (card-model.ts IMAGE_MARKDOWN, which
    // reads no escapes): it goes in as a character reference, and what was marked after it moves.
    if (this.out[at - 1] === "!") {
      const bang = at - 1;
      this.out = `${this.out.slice(0, bang)}&#33;${this.out.slice(at)}`;
      for (const o of this.open) if (o.at > bang) o.at += 4;
      if (this.itemStart > bang) this.itemStart += 4;
    }
    this.link = null;
  }

  /**
   * A superscript or subscript in Unicode's forms when it has one for every character (a minus sign too),
   * else as plain text: each character keeps its length, so nothing marked after it moves.
   */
  private onScript(opening: boolean, name: string) {
    if (opening) {
      this.script = { at: this.out.length, forms: SCRIPT_FORMS[name]! };
      return;
    }
    if (!this.script) return;
    const { at, forms } = this.script;
    const text = this.out.slice(at).replace(/\u2212/g, "-");
    if (text && [...text].every((c) => forms[c]))
      this.out = this.out.slice(0, at) + [...text].map((c) => forms[c]).join("");
    this.script = null;
  }

  private onMedia(tag: string) {
    const name = attribute(MEDIA_SRC, tag);
    if (!name) return;
    if (!/^<img\b/i.test(tag)) {
      this.out += `[sound:${name}]`;
      return;
    }
    const alt = attribute(ALT, tag).replace(/[\]\n]/g, " ");
    // A name with '<' or '>' has no Markdown spelling; such files are dropped with their tag.
    if (!/[<>\n]/.test(name)) this.out += imageMarkdown(name, alt);
  }
}

/**
 * An Anki field (HTML) as Studyhall text: <br> and block elements (<div>, <p>, <li>, ...) become line
 * breaks, character references are decoded, bold, italic, strikethrough, code, lists and web links
 * become Markdown, superscripts and subscripts become Unicode's (x², H₂O) where it has them, MathJax
 * formulas and Anki's [$] and [$$] LaTeX tags become `$...$` and `$$...$$`, images become `![](name)`, <audio>/<video> become
 * `[sound:name]`, comments, <style> and <script> go, and every other tag is dropped keeping its text.
 */
export function ankiHtmlToText(html: string): string {
  const source = markMathJax(html.replace(/<!--[\s\S]*?-->|<(style|script)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ""));
  const writer = new MarkdownWriter();
  for (const [, tag, text] of source.matchAll(/(<[^>]*>)|([^<]+|<)/g)) {
    if (tag === undefined) writer.text(text ?? "");
    else writer.tag(tag);
  }
  return writer.out.trim();
}

/**
 * A field Anki reads as text (a file's `#html:false`) as Studyhall text. Anki escapes its <, > and & and
 * shows the characters as typed (rslib's CSV import, htmlescape::encode_minimal), so it is read as that
 * HTML: Markdown's characters come out escaped (`*x*` stays `*x*` on the card, not italic), a line break
 * stays one, and MathJax's \( \) and `[sound:]`, which Anki still reads in such a field, keep their meaning.
 */
export const ankiPlainTextToText = (text: string) =>
  ankiHtmlToText(escapeHtml(text).replace(/\r\n?|\n/g, "<br>"));

/**
 * MathJax's formulas marked for ankiHtmlToText, which writes them in the cards' delimiters: `\( x \)`
 * as `$x$` (MathJax allows the spaces, the cards' rule does not) and `\[ x \]` as `$$ x $$`. A formula
 * the cards' rule would not read back as one (an inline one followed by a digit) stays text. Done on
 * the field's HTML, before its tags and character references, so a formula with a line break (<br>) or
 * `&lt;` is one formula.
 */
function markMathJax(html: string): string {
  // Anki's own LaTeX tags too (rslib/src/latex.rs): [$]...[/$] is inline math, [$$]...[/$$] display math.
  const formula =
    /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]|\[\$\]([\s\S]*?)\[\/\$\]|\[\$\$\]([\s\S]*?)\[\/\$\$\]/g;
  return html.replace(formula, (whole: string, ...groups: unknown[]) => {
    const [mathJaxInline, mathJaxDisplay, latexInline, latexDisplay, at] = groups as [
      string | undefined,
      string | undefined,
      string | undefined,
      string | undefined,
      number,
    ];
    const inline = mathJaxInline ?? latexInline;
    const display = mathJaxDisplay ?? latexDisplay ?? "";
    const next = html.charAt(at + whole.length);
    const dollars = inline !== undefined ? `$${inline.trim()}$` : `$$${display}$$`;
    const read = mathAt(dollars + next, 0);
    if (!read || read.end !== dollars.length) return whole;
    return inline !== undefined
      ? `<${MATH_MARK}>${inline}</${MATH_MARK}>`
      : `<${MATH_MARK} display>${display}</${MATH_MARK}>`;
  });
}

const escapeText = (text: string) => literalDelimiters(escapeHtml(text));

/** The HTML Anki's editor writes for each of the cards' Markdown formatting tokens. */
const TOKEN_TAG: Record<string, string> = {
  strong_open: "<b>",
  strong_close: "</b>",
  em_open: "<i>",
  em_close: "</i>",
  s_open: "<s>",
  s_close: "</s>",
  bullet_list_open: "<ul>",
  bullet_list_close: "</ul>",
  ordered_list_close: "</ol>",
  list_item_open: "<li>",
  list_item_close: "</li>",
  link_close: "</a>",
};

/** A formula in MathJax's delimiters; its closing delimiter inside is escaped as in text (it would end it). */
function mathJax(tex: string, display: boolean): string {
  const [open, close] = display ? ["\\[", "\\]"] : ["\\(", "\\)"];
  return `${open}${escapeHtml(tex).replaceAll(close, `\\${DELIMITER_REFERENCE[close[1]!]}`)}${close}`;
}

function inlineHtml(tokens: readonly Token[]): string {
  let html = "";
  for (const token of tokens) {
    if (token.type === "text") html += escapeText(token.content);
    else if (token.type === "softbreak" || token.type === "hardbreak") html += "\n";
    else if (token.type === "code_inline") html += `<code>${escapeText(token.content)}</code>`;
    else if (token.type === "math_inline" || token.type === "math_block")
      html += mathJax((token.meta as { tex: string }).tex, token.type === "math_block");
    else if (token.type === "link_open") html += `<a href="${escapeAttr(token.attrGet("href") ?? "")}">`;
    else html += TOKEN_TAG[token.type] ?? "";
  }
  return html;
}

/**
 * A card's text (no images) as Anki HTML, read by the cards' Markdown parser (what the student sees is
 * what Anki shows): bold, italic, strikethrough, code, lists and links as Anki's editor writes them,
 * formulas in MathJax's delimiters, paragraphs a blank line apart, everything else as escaped text.
 */
function markdownToAnkiHtml(text: string): string {
  let html = "";
  let afterParagraph = false;
  for (const token of cardMarkdown.parse(text, {})) {
    if (token.type === "paragraph_open" && !token.hidden && afterParagraph) html += "\n\n";
    afterParagraph = token.type === "paragraph_close" && !token.hidden;
    if (token.type === "inline") html += inlineHtml(token.children ?? []);
    else if (token.type === "code_block" || token.type === "fence")
      html += `<pre>${escapeText(token.content.replace(/\n$/, ""))}</pre>`;
    else if (token.type === "ordered_list_open") {
      const start = Number(token.attrGet("start") ?? 1);
      html += start === 1 ? "<ol>" : `<ol start="${start}">`;
    } else html += TOKEN_TAG[token.type] ?? "";
  }
  return html;
}

/** Text between pictures, with the spaces around it that set it apart from them (Markdown trims them). */
function proseToAnkiHtml(text: string): string {
  const [, lead, body, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return body ? `${lead}${markdownToAnkiHtml(body)}${trail}` : text;
}

/**
 * Studyhall text as an Anki field: its Markdown as Anki's HTML, line breaks as <br>, `![](name)` as an
 * <img>. `[sound:name]` is Anki's own syntax and stays as written.
 */
export function textToAnkiHtml(text: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(IMAGE_MARKDOWN)) {
    const [, altText, bracketed, bare] = match;
    const name = bracketed ?? bare ?? "";
    parts.push(proseToAnkiHtml(text.slice(last, match.index)));
    const alt = altText ? ` alt="${escapeAttr(altText)}"` : "";
    parts.push(`<img src="${escapeAttr(name)}"${alt}>`);
    last = match.index + match[0].length;
  }
  parts.push(proseToAnkiHtml(text.slice(last)));
  return parts.join("").replace(/\n/g, "<br>");
}

/** Anki's test for "this field is HTML" (rslib/src/text.rs, is_html): any tag or comment. */
export const looksLikeHtml = (text: string) => /<!--[\s\S]*?-->|<[^>]*>/.test(text);

/**
 * A field as Anki's sort field and duplicate checksum read it: the HTML's text, tags gone (Anki's
 * strip_html_preserving_media_filenames keeps a picture's file name), character references decoded.
 */
export function ankiFieldText(html: string): string {
  const withFiles = html.replace(/<img\b[^>]*>/gi, (tag) => ` ${attribute(MEDIA_SRC, tag)} `);
  return decodeEntities(withFiles.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}
