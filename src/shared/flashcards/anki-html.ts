import { mathAt, mathParts } from "./card-math.ts";
import { IMAGE_MARKDOWN, imageMarkdown } from "./card-model.ts";

/**
 * Anki keeps card fields as HTML; Studyhall keeps plain text with line breaks, images as Markdown
 * `![](name)` and sounds as Anki's `[sound:name]` (card-model.ts). These two functions convert between
 * them, and `textToAnkiHtml` then `ankiHtmlToText` gives back the same text (tested as a property).
 * Formulas are MathJax's `\(...\)` and `\[...\]` in Anki and `$...$`, `$$...$$` here (card-math.ts).
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
/** The links a card shows as links (card-text's renderer): the web and e-mail. */
const LINKABLE = /^(https?:\/\/|mailto:)[^\s<>]*$/i;

/**
 * Formatted text in its Markdown marker, line by line (a marker does not reach over a blank line) and
 * with the spaces Anki's editor leaves inside a tag (`<b>word </b>`) put outside: a marker next to a
 * space is no marker in Markdown. Code that holds a backtick is left as text.
 */
function formatted(text: string, marker: string): string {
  if (marker === "`" && text.includes("`")) return text;
  return text
    .split("\n")
    .map((line) => {
      const [, lead, body, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(line)!;
      return body ? `${lead}${marker}${body}${marker}${trail}` : line;
    })
    .join("\n");
}

/** Named entities Anki's editor and exporters write, and the common ones people type. */
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  // Anki turns non-breaking spaces into spaces when it reads HTML as text (decode_entities).
  nbsp: " ",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  shy: "\u00ad",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  plusmn: "±",
  times: "×",
  divide: "÷",
  micro: "µ",
  para: "¶",
  sect: "§",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  harr: "↔",
  rArr: "⇒",
  hArr: "⇔",
  le: "≤",
  ge: "≥",
  ne: "≠",
  asymp: "≈",
  infin: "∞",
  minus: "−",
  sup2: "²",
  sup3: "³",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  alpha: "α",
  beta: "β",
  gamma: "γ",
  delta: "δ",
  epsilon: "ε",
  theta: "θ",
  lambda: "λ",
  mu: "μ",
  pi: "π",
  sigma: "σ",
  tau: "τ",
  phi: "φ",
  omega: "ω",
  Delta: "Δ",
  Sigma: "Σ",
  Omega: "Ω",
};

/** Decodes character references; unknown names stay as written, as a browser shows them. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g,
    (whole, ref: string) => {
      if (ref[0] === "#") {
        const code =
          ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD";
        return code === 0xa0 ? " " : String.fromCodePoint(code);
      }
      return NAMED[ref] ?? whole;
    },
  );
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
 * An Anki field (HTML) as Studyhall text: <br> and block elements (<div>, <p>, <li>, ...) become line
 * breaks, character references are decoded, bold, italic, strikethrough, code, lists and web links
 * become Markdown,
 * MathJax formulas become `$...$` and `$$...$$`, images become `![](name)`, <audio>/<video> become
 * `[sound:name]`, comments, <style> and <script> go, and every other tag is dropped keeping its text.
 */
export function ankiHtmlToText(html: string): string {
  const source = mathJaxToDollars(
    html.replace(/<!--[\s\S]*?-->|<(style|script)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ""),
  );
  let out = "";
  // Formatting open at a point of `out`; a tag inside the same formatting (<b><b>) adds no marker.
  const open: { marker: string; at: number; wraps: boolean }[] = [];
  // Lists being read, innermost last, with the items numbered so far; and the link being read.
  const lists: { ordered: boolean; items: number }[] = [];
  let link: { href: string; at: number } | null = null;
  // Opening and closing blocks both end a line, but never start an empty one: "a<div>b</div>" is "a\nb".
  const lineBreak = () => {
    if (out !== "" && !out.endsWith("\n")) out += "\n";
  };
  for (const [, tag, text] of source.matchAll(/(<[^>]*>)|([^<]+|<)/g)) {
    if (tag === undefined) {
      out += decodeEntities(text ?? "");
      continue;
    }
    const format = FORMAT_TAG.exec(tag);
    if (format) {
      const marker = FORMAT_MARKER[format[2]!.toLowerCase()]!;
      if (!format[1]) open.push({ marker, at: out.length, wraps: !open.some((o) => o.marker === marker) });
      else {
        const i = open.findLastIndex((o) => o.marker === marker);
        const opened = open[i];
        if (!opened) continue;
        open.length = i;
        if (opened.wraps) out = out.slice(0, opened.at) + formatted(out.slice(opened.at), marker);
      }
    } else if (LIST_TAG.test(tag)) {
      const [, closing, name] = LIST_TAG.exec(tag)!;
      if (!closing) lists.push({ ordered: name!.toLowerCase() === "ol", items: 0 });
      lineBreak();
      // A blank line ends the list: a line after it would otherwise join its last item.
      if (closing && lists.pop() && !lists.length) out += "\n";
    } else if (LIST_ITEM.test(tag) && lists.length) {
      lineBreak();
      // Markdown nests a list under the text column of the item around it.
      out += lists
        .map((list, i) => {
          const marker = list.ordered ? `${list.items + (i === lists.length - 1 ? 1 : 0)}. ` : "- ";
          return i === lists.length - 1 ? marker : " ".repeat(marker.length);
        })
        .join("");
      lists[lists.length - 1]!.items++;
    } else if (LINK_TAG.test(tag)) {
      const [, closing] = LINK_TAG.exec(tag)!;
      if (!closing) {
        const [, dq, sq, bare] = HREF.exec(tag) ?? [];
        const href = decodeEntities(dq ?? sq ?? bare ?? "").trim();
        link = LINKABLE.test(href) ? { href, at: out.length } : null;
      } else if (link) {
        const text = out.slice(link.at);
        // Link text that would end the link early, or a link shown as its own address, stays as text.
        if (text.trim() && !/[[\]\n]/.test(text) && text !== link.href)
          out = `${out.slice(0, link.at)}[${text}](${/[()]/.test(link.href) ? `<${link.href}>` : link.href})`;
        link = null;
      }
    } else if (BR_TAG.test(tag)) out += "\n";
    else if (MEDIA_TAG.test(tag)) {
      const [, dq, sq, bare] = MEDIA_SRC.exec(tag) ?? [];
      const name = decodeEntities(dq ?? sq ?? bare ?? "");
      if (!name) continue;
      if (/^<img\b/i.test(tag)) {
        const [, altDq, altSq] = ALT.exec(tag) ?? [];
        const alt = decodeEntities(altDq ?? altSq ?? "").replace(/[\]\n]/g, " ");
        // A name with '<' or '>' has no Markdown spelling; such files are dropped with their tag.
        if (!/[<>\n]/.test(name)) out += imageMarkdown(name, alt);
      } else out += `[sound:${name}]`;
    } else if (BLOCK_TAG.test(tag)) lineBreak();
  }
  return out.trim();
}

/**
 * MathJax's delimiters as the cards' (card-math.ts): `\( x \)` is `$x$` (MathJax allows the spaces, the
 * cards' rule does not) and `\[ x \]` is `$$ x $$`. A formula the cards' rule would not read back as
 * one (an inline one followed by a digit) stays as it was written. Done on the field's HTML, before its
 * tags and character references, so a formula with a line break (<br>) or `&lt;` is one formula.
 */
function mathJaxToDollars(html: string): string {
  const formula = /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g;
  return html.replace(formula, (whole: string, inline: string | undefined, display: string, at: number) => {
    const next = html.charAt(at + whole.length);
    const dollars = inline !== undefined ? `$${inline.trim()}$` : `$$${display}$$`;
    const read = mathAt(dollars + next, 0);
    return read && read.end === dollars.length ? dollars : whole;
  });
}

const escapeText = (text: string) => literalDelimiters(escapeHtml(text));

/** A card's text (no images) as Anki HTML: formulas in MathJax's delimiters, the rest escaped. */
function proseAndMathToHtml(text: string): string {
  return mathParts(text)
    .map((part) => {
      if ("prose" in part) return escapeText(part.prose);
      // The closing delimiter inside the formula is escaped as in prose: it would end it early.
      const [open, close] = part.display ? ["\\[", "\\]"] : ["\\(", "\\)"];
      return `${open}${escapeHtml(part.tex).replaceAll(close, `\\${DELIMITER_REFERENCE[close[1]!]}`)}${close}`;
    })
    .join("");
}

/**
 * Studyhall text as an Anki field: <, > and & escaped, line breaks as <br>, `![](name)` as an <img>,
 * formulas in MathJax's delimiters.
 * `[sound:name]` is Anki's own syntax and stays as written.
 */
export function textToAnkiHtml(text: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(IMAGE_MARKDOWN)) {
    const [, altText, bracketed, bare] = match;
    const name = bracketed ?? bare ?? "";
    // Only a spelling the reverse conversion writes back identically becomes an <img>.
    if (imageMarkdown(name, altText) !== match[0]) continue;
    parts.push(proseAndMathToHtml(text.slice(last, match.index)));
    const alt = altText ? ` alt="${escapeAttr(altText)}"` : "";
    parts.push(`<img src="${escapeAttr(name)}"${alt}>`);
    last = match.index + match[0].length;
  }
  parts.push(proseAndMathToHtml(text.slice(last)));
  return parts.join("").replace(/\n/g, "<br>");
}

/** Anki's test for "this field is HTML" (rslib/src/text.rs, is_html): any tag or comment. */
export const looksLikeHtml = (text: string) => /<!--[\s\S]*?-->|<[^>]*>/.test(text);
