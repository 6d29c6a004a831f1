/**
 * What a review item shows (decision 015): a flashcards row holds its note's texts plus `type` and `ord`;
 * this turns them into the prompt and the answer side, the one place every screen (review, flip, Write,
 * quizzes, search, the card list) and the server's quiz scoring read them from.
 *
 * Texts are Markdown source (rendered by the client's CardText); what this adds is Markdown too.
 */

/**
 * A piece of a parsed cloze text: plain text, or one `{{cN::content::hint}}` with its own pieces.
 * `numbers` are the cards it blanks: `{{c1,2::x}}` is blanked on cards 1 and 2 (Anki 2.1.56+), and a
 * `{{c0::x}}` on none: Anki reads it as a cloze (its markup is not shown) but makes no card of it.
 */
export type ClozeNode = string | { numbers: number[]; content: ClozeNode[]; hint: string | null };

type Frame = {
  numbers: number[];
  opener: string;
  content: ClozeNode[];
  hint: string | null;
  inHint: boolean;
  depth: number;
};

/** `{{c` then numbers and commas, as Anki's tokenizer reads them (rslib/src/cloze.rs), then `::`. */
const OPENER = /\{\{c([\d,]{1,40})::/y;

/**
 * The cards an opener's numbers name, ascending and once each; empty pieces (`c1,,3`) are skipped as in
 * Anki. A number past 999 is not a card number here (Anki's limit is 65535): it would make that many rows.
 */
function openerNumbers(list: string): number[] {
  const numbers = list
    .split(",")
    .filter((p) => /^\d{1,3}$/.test(p))
    .map(Number);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/**
 * Anki's cloze syntax, nesting included (`{{c1::a {{c2::b}} c}}`, Anki 2.1.56+). With `countBraces`, single
 * braces inside a cloze must balance before `}}` closes it, so LaTeX like `{{c1::$\frac{a}{b^{2}}$}}` reads
 * whole (Anki itself closes at the first `}}`); an opener never closed is plain text, as in Anki.
 */
function parseWith(text: string, countBraces: boolean): { nodes: ClozeNode[]; unclosed: number } {
  const root: ClozeNode[] = [];
  const stack: Frame[] = [];
  const target = () => {
    const top = stack.at(-1);
    return top ? top.content : root;
  };
  const append = (s: string) => {
    const top = stack.at(-1);
    if (top?.inHint) {
      top.hint = (top.hint ?? "") + s;
      return;
    }
    const into = target();
    const last = into.at(-1);
    if (typeof last === "string") into[into.length - 1] = last + s;
    else into.push(s);
  };
  let i = 0;
  while (i < text.length) {
    const top = stack.at(-1);
    OPENER.lastIndex = i;
    const opener = top?.inHint ? null : OPENER.exec(text);
    const numbers = opener ? openerNumbers(opener[1]!) : [];
    if (opener && numbers.length > 0) {
      stack.push({
        numbers,
        opener: opener[0],
        content: [],
        hint: null,
        inHint: false,
        depth: 0,
      });
      i += opener[0].length;
      continue;
    }
    const ch = text[i]!;
    if (top && ch === "}" && text[i + 1] === "}" && (!countBraces || top.depth === 0)) {
      stack.pop();
      const node: ClozeNode = { numbers: top.numbers, content: top.content, hint: top.hint?.trim() || null };
      target().push(node);
      i += 2;
      continue;
    }
    if (top && countBraces && ch === "{") top.depth += 1;
    if (top && countBraces && ch === "}" && top.depth > 0) top.depth -= 1;
    if (top && !top.inHint && top.depth === 0 && ch === ":" && text[i + 1] === ":") {
      top.inHint = true;
      i += 2;
      continue;
    }
    append(ch);
    i += 1;
  }
  const unclosed = stack.length;
  // Openers never closed are text: the frame's opener, its content and any hint go back to the parent.
  while (stack.length > 0) {
    const frame = stack.pop()!;
    append(frame.opener);
    for (const node of frame.content) {
      if (typeof node === "string") append(node);
      else target().push(node);
    }
    if (frame.hint !== null) append(`::${frame.hint}`);
  }
  return { nodes: root, unclosed };
}

/** A cloze text's pieces; text that is not a cloze is one string. */
export function parseCloze(text: string): ClozeNode[] {
  const counted = parseWith(text, true);
  if (counted.unclosed === 0) return counted.nodes;
  // Unbalanced braces inside a cloze ('{{c1::a { b}}'): read it as Anki does, first `}}` closes.
  const plain = parseWith(text, false);
  return plain.unclosed < counted.unclosed ? plain.nodes : counted.nodes;
}

/** Every card number a text's clozes name, nested ones included, ascending and once each; c0 is none. */
export function clozeNumbersOf(text: string): number[] {
  const found = new Set<number>();
  const walk = (nodes: ClozeNode[]) => {
    for (const node of nodes) {
      if (typeof node === "string") continue;
      for (const n of node.numbers) if (n > 0) found.add(n);
      walk(node.content);
    }
  };
  walk(parseCloze(text));
  return [...found].sort((a, b) => a - b);
}

/** Markdown's own characters in a hint are shown as written. */
const escapeMarkdown = (s: string) => s.replace(/[\\`*_[\]<>#|$]/g, (c) => `\\${c}`);

/** `[...]` or `[hint]`, escaped so Markdown never reads the brackets as a link. */
export const clozeBlank = (hint: string | null) => (hint ? `\\[${escapeMarkdown(hint)}\\]` : "\\[...\\]");

/** A cloze's text with every deletion's content in place (no markup, no hints). */
export const plainOf = (nodes: ClozeNode[]): string =>
  nodes.map((node) => (typeof node === "string" ? node : plainOf(node.content))).join("");

/** Emphasis around a revealed cloze; white space stays outside, where CommonMark needs it. */
function emphasise(text: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return match[2] ? `${match[1]}**${match[2]}**${match[3]}` : text;
}

function render(nodes: ClozeNode[], n: number, side: "prompt" | "answer"): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      if (!node.numbers.includes(n)) return render(node.content, n, side);
      return side === "prompt" ? clozeBlank(node.hint) : emphasise(plainOf(node.content));
    })
    .join("");
}

/** The answers of cloze `n` (what Write and quizzes expect), several joined with ', '. */
function clozeAnswers(nodes: ClozeNode[], n: number): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (typeof node === "string") continue;
    if (node.numbers.includes(n)) out.push(plainOf(node.content).trim());
    else out.push(...clozeAnswers(node.content, n));
  }
  return out;
}

/**
 * Each answer once: the same word blanked twice in one card ('{{c1::Paris}} ... {{c1::Paris}}') is typed
 * once, not 'Paris, Paris'. Anki collapses only when every blank is the same; a repeat among different
 * blanks is dropped too, since the student cannot tell which blanks repeat before seeing the answer.
 */
function distinctAnswers(answers: string[]): string[] {
  const seen = new Set<string>();
  return answers.filter((a) => {
    const key = a.normalize("NFC").toLowerCase().replace(/\s+/g, " ");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The row fields a side needs: a flashcards row or a card the API answers. */
export type CardRow = {
  type?: string | undefined;
  ord?: number | undefined;
  question: string;
  answer: string;
  hint: string | null;
};

export type CardSides = {
  /** The front as shown: a cloze with this row's number blanked; the back for a reversed card's ord 1. */
  prompt: string;
  /**
   * The expected answer, short: what Write grades and a quiz offers (the cloze's hidden text; the front
   * for a reversed card's ord 1).
   */
  answer: string;
  /** The answer side in full: a cloze text revealed (the hidden part in bold) and its extra text below. */
  back: string;
  hint: string | null;
};

/**
 * What one review item shows. A cloze number absent from the text (the note was edited under a stale
 * row) shows the text with no blank and the whole text as the answer, rather than failing.
 */
export function cardSides(card: CardRow): CardSides {
  const hint = card.hint?.trim() ? card.hint : null;
  if (card.type === "reversed" && card.ord === 1)
    return { prompt: card.answer, answer: card.question, back: card.question, hint };
  if (card.type !== "cloze") return { prompt: card.question, answer: card.answer, back: card.answer, hint };
  const n = (card.ord ?? 0) + 1;
  const nodes = parseCloze(card.question);
  const answers = clozeAnswers(nodes, n);
  // The note's back is Anki's 'Back Extra': shown after the revealed text.
  const extra = card.answer.trim();
  const revealed = render(nodes, n, "answer");
  return {
    prompt: render(nodes, n, "prompt"),
    answer: answers.length > 0 ? distinctAnswers(answers).join(", ") : plainOf(nodes),
    back: extra ? `${revealed}\n\n${extra}` : revealed,
    hint,
  };
}

/** The note's whole text without cloze markup (search, a card list's one line). */
export const clozePlainText = (text: string) => plainOf(parseCloze(text));

/**
 * A row with its texts as shown: `question` the prompt, `answer` the short expected answer (what quizzes
 * offer and Write grades), `back` the full answer side. For screens written against question/answer.
 */
export function shownCard<C extends CardRow>(card: C): C & { back: string } {
  const sides = cardSides(card);
  return { ...card, question: sides.prompt, answer: sides.answer, back: sides.back, hint: sides.hint };
}
