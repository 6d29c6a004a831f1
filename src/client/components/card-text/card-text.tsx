import { useEffect, useState } from "react";
import { cn } from "#client/lib/cn.ts";
import { SoundMark, soundSplit } from "./sound-mark.tsx";

type MarkdownModule = typeof import("./card-markdown.tsx");

/** Text with anything Markdown or math would change; plain text (most cards) never loads the renderer. */
const MARKUP = /[*_`[\]$\\<>~]|^\s*([-+]|\d+[.)])\s|https?:|mailto:/m;

let loaded: MarkdownModule | null = null;
let loading: Promise<MarkdownModule> | null = null;

/** The Markdown renderer, fetched the first time a card needs it (it stays out of first-load budgets). */
function useMarkdown(needed: boolean): MarkdownModule | null {
  const [mod, setMod] = useState(loaded);
  useEffect(() => {
    if (!needed || mod) return;
    let live = true;
    loading ??= import("./card-markdown.tsx").then((m) => {
      loaded = m;
      return m;
    });
    loading.then((m) => live && setMod(m)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [needed, mod]);
  return mod;
}

/** What a Markdown escape shows while the renderer loads: `\[...\]` reads as [...]. */
const withoutEscapes = (text: string) => text.replace(/\\([\\`*_[\]<>#|$])/g, "$1");

type CardTextProps = { text: string; inline?: boolean; className?: string };

/**
 * A card's text wherever one is shown (review, flip, Write, quizzes, tests, the card list): a safe Markdown
 * subset (emphasis, lists, code, links to http(s) and mailto) and math (`$...$`, `$$...$$`, KaTeX loaded
 * only when a formula is on screen). `inline` keeps to phrasing content (a quiz option is a button).
 * An Anki `[sound:name]` is a SoundMark, never the raw tag (CardMediaText gives it a play button instead).
 */
export function CardText(props: CardTextProps) {
  if (!props.text.includes("[sound:")) return <CardTextRun {...props} />;
  const Tag = props.inline ? "span" : "div";
  return (
    <Tag className={props.className}>
      {soundSplit(props.text).map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
          <SoundMark key={i} />
        ) : part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
          <CardTextRun key={i} text={part} inline={props.inline} />
        ) : null,
      )}
    </Tag>
  );
}

function CardTextRun({ text, inline = false, className }: CardTextProps) {
  const needed = MARKUP.test(text);
  const mod = useMarkdown(needed);
  const Tag = inline ? "span" : "div";
  const classes = cn("card-text wrap-anywhere", className);
  if (!needed || !mod)
    return <Tag className={cn(classes, "whitespace-pre-wrap")}>{needed ? withoutEscapes(text) : text}</Tag>;
  return <mod.Markdown text={text} inline={inline} className={classes} />;
}
