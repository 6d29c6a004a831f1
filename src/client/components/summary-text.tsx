import type { ReactNode } from "react";

/**
 * A summary as the summarizer writes it: '## ' lines are headings, '- ' lines bullets, the rest
 * paragraphs. Used by the summarizer and by a document card's 'AI Summary' block.
 */
export function SummaryText({ text, headingLevel = 3 }: { text: string; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const blocks: ReactNode[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (bullets.length === 0) return;
    blocks.push(
      <ul key={`ul-${blocks.length}`} className="list-disc space-y-1 pl-5">
        {bullets.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one fixed text
          <li key={i}>{b}</li>
        ))}
      </ul>,
    );
    bullets = [];
  };
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed.startsWith("- ") || trimmed.startsWith("* ")) {
      bullets.push(trimmed.slice(2));
      continue;
    }
    flush();
    if (!trimmed) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(trimmed);
    blocks.push(
      heading ? (
        <Heading key={blocks.length} className="font-semibold text-fg">
          {heading[1]}
        </Heading>
      ) : (
        <p key={blocks.length}>{trimmed}</p>
      ),
    );
  }
  flush();
  return <div className="grid gap-2 wrap-anywhere text-sm">{blocks}</div>;
}
