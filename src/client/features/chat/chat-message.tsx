import { Fragment } from "react";
import { Link } from "wouter";
import type { ChatMessage, Citation } from "#shared/chat/contract.ts";

const where = (c: Citation) => (c.page ? `${c.title}, p. ${c.page}` : c.title);

/** An answer with its [n] markers as buttons that open the cited source, and its sources listed. */
export function AssistantMessage({
  message,
  onOpen,
}: {
  message: Pick<ChatMessage, "content" | "citations" | "note">;
  onOpen: (citation: Citation) => void;
}) {
  const citations = message.citations ?? [];
  const byNumber = new Map(citations.map((c) => [c.n, c]));
  // Keys by offset: the parts of one message never move.
  let offset = 0;
  const parts = message.content.split(/(\[\d{1,3}\])/).map((text) => {
    const part = { text, key: offset };
    offset += text.length;
    return part;
  });
  return (
    <div className="grid min-w-0 gap-2">
      {message.note && <p className="text-xs italic text-muted">{message.note}</p>}
      <p className="whitespace-pre-wrap break-words">
        {parts.map(({ text: part, key: i }) => {
          const n = /^\[(\d{1,3})\]$/.exec(part)?.[1];
          const citation = n ? byNumber.get(Number(n)) : undefined;
          if (!citation) return <Fragment key={i}>{part}</Fragment>;
          return citation.kind === "task" ? (
            <Link
              key={i}
              href="/tasks"
              className="text-link underline"
              aria-label={`Source ${n}: ${where(citation)}`}
            >
              [{n}]
            </Link>
          ) : (
            <button
              key={i}
              type="button"
              className="text-link underline"
              aria-label={`Source ${n}: ${where(citation)}`}
              onClick={() => onOpen(citation)}
            >
              [{n}]
            </button>
          );
        })}
      </p>
      {citations.some((c) => c.kind === "document") && (
        <ol className="grid gap-1 border-t border-border pt-2 text-xs">
          {citations
            .filter((c) => c.kind === "document")
            .map((c) => (
              <li key={c.n} className="min-w-0 break-words">
                <button type="button" className="text-left text-link underline" onClick={() => onOpen(c)}>
                  [{c.n}] {where(c)}
                </button>
              </li>
            ))}
        </ol>
      )}
    </div>
  );
}
