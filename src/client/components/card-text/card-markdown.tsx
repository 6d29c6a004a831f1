import type Token from "markdown-it/lib/token.mjs";
import { lazy, type ReactNode, Suspense } from "react";
import { cardMarkdown as md } from "#shared/flashcards/card-markdown.ts";

const MathFormula = lazy(async () => ({ default: (await import("./math-formula.tsx")).MathFormula }));

// The cards' Markdown (#shared/flashcards/card-markdown.ts) becomes React elements below, so no parsed
// text ever reaches innerHTML.
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** Container tokens kept as their element; anything else (none with this preset) keeps only its text. */
const TAGS = new Set(["p", "ul", "ol", "li", "em", "strong", "s", "a"]);

type Frame = { token: Token | null; children: ReactNode[] };

function element(token: Token, children: ReactNode[], key: number): ReactNode {
  if (token.tag === "a") {
    const href = token.attrGet("href") ?? "";
    if (!SAFE_LINK.test(href)) return <span key={key}>{children}</span>;
    return (
      <a key={key} href={href} rel="noopener noreferrer" target="_blank" className="text-link underline">
        {children}
      </a>
    );
  }
  if (token.tag === "ol") {
    const start = Number(token.attrGet("start") ?? 1);
    return (
      <ol key={key} start={start} className="list-decimal pl-6">
        {children}
      </ol>
    );
  }
  if (token.tag === "ul")
    return (
      <ul key={key} className="list-disc pl-6">
        {children}
      </ul>
    );
  const Tag = token.tag as "p" | "li" | "em" | "strong" | "s";
  return <Tag key={key}>{children}</Tag>;
}

function leaf(token: Token, key: number): ReactNode {
  switch (token.type) {
    case "text":
    case "html_inline":
    case "html_block":
      return token.content;
    case "softbreak":
    case "hardbreak":
      return <br key={key} />;
    case "code_inline":
      return (
        <code key={key} className="rounded border border-border bg-bg px-1 font-mono text-[0.9em]">
          {token.content}
        </code>
      );
    case "code_block":
    case "fence":
      return (
        <pre key={key} className="overflow-x-auto rounded border border-border bg-bg p-2 font-mono text-sm">
          <code>{token.content}</code>
        </pre>
      );
    case "math_inline":
    case "math_block":
      return (
        <Suspense key={key} fallback={<span className="font-mono">{token.content}</span>}>
          <MathFormula tex={token.content} display={token.type === "math_block"} />
        </Suspense>
      );
    default:
      return token.content || null;
  }
}

/** markdown-it's flat token stream (with inline children) as nested React elements. */
function toReact(tokens: Token[]): ReactNode[] {
  const stack: Frame[] = [{ token: null, children: [] }];
  let key = 0;
  const walk = (list: Token[]) => {
    for (const token of list) {
      const top = stack.at(-1)!;
      if (token.type === "inline") walk(token.children ?? []);
      else if (token.nesting === 1) stack.push({ token, children: [] });
      else if (token.nesting === -1) {
        const frame = stack.pop()!;
        const parent = stack.at(-1)!;
        // A tight list's paragraphs are hidden: their text goes straight into the item.
        if (frame.token?.hidden || !frame.token || !TAGS.has(frame.token.tag))
          parent.children.push(...frame.children);
        else parent.children.push(element(frame.token, frame.children, key++));
      } else top.children.push(leaf(token, key++));
    }
  };
  walk(tokens);
  return stack[0]!.children;
}

export function Markdown({ text, inline, className }: { text: string; inline: boolean; className?: string }) {
  if (inline) return <span className={className}>{toReact(md.parseInline(text, {}))}</span>;
  return <div className={`${className ?? ""} grid gap-2`}>{toReact(md.parse(text, {}))}</div>;
}
