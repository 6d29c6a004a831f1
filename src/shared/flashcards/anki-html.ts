import { IMAGE_MARKDOWN, imageMarkdown } from "./card-model.ts";

/**
 * Anki keeps card fields as HTML; Studyhall keeps plain text with line breaks, images as Markdown
 * `![](name)` and sounds as Anki's `[sound:name]` (card-model.ts). These two functions convert between
 * them, and `textToAnkiHtml` then `ankiHtmlToText` gives back the same text (tested as a property).
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
const escapeAttr = (text: string) => escapeHtml(text).replace(/"/g, "&quot;");

/**
 * An Anki field (HTML) as Studyhall text: <br> and block elements (<div>, <p>, <li>, ...) become line
 * breaks, character references are decoded, images become `![](name)`, <audio>/<video> become
 * `[sound:name]`, comments, <style> and <script> go, and every other tag is dropped keeping its text.
 */
export function ankiHtmlToText(html: string): string {
  const source = html.replace(/<!--[\s\S]*?-->|<(style|script)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "");
  let out = "";
  // Opening and closing blocks both end a line, but never start an empty one: "a<div>b</div>" is "a\nb".
  const lineBreak = () => {
    if (out !== "" && !out.endsWith("\n")) out += "\n";
  };
  for (const [, tag, text] of source.matchAll(/(<[^>]*>)|([^<]+|<)/g)) {
    if (tag === undefined) {
      out += decodeEntities(text ?? "");
      continue;
    }
    if (BR_TAG.test(tag)) out += "\n";
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
 * Studyhall text as an Anki field: <, > and & escaped, line breaks as <br>, `![](name)` as an <img>.
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
    parts.push(escapeHtml(text.slice(last, match.index)));
    const alt = altText ? ` alt="${escapeAttr(altText)}"` : "";
    parts.push(`<img src="${escapeAttr(name)}"${alt}>`);
    last = match.index + match[0].length;
  }
  parts.push(escapeHtml(text.slice(last)));
  return parts.join("").replace(/\n/g, "<br>");
}

/** Anki's test for "this field is HTML" (rslib/src/text.rs, is_html): any tag or comment. */
export const looksLikeHtml = (text: string) => /<!--[\s\S]*?-->|<[^>]*>/.test(text);
