import { CardText } from "#client/components/card-text/card-text.tsx";
import { Badge, type BadgeTone } from "#client/components/ui/card.tsx";
import { formatDate } from "#shared/date-format.ts";
import type { BrowserCard } from "#shared/review/browser-contract.ts";

const STATE_TONES: Record<BrowserCard["state"], BadgeTone> = {
  new: "blue",
  learning: "yellow",
  relearning: "yellow",
  review: "green",
};

/** One card in the browser: its checkbox, texts (as review shows them: math and Markdown), set, state, due date and tags. */
export function BrowserRow({
  card,
  checked,
  onToggle,
}: {
  card: BrowserCard;
  checked: boolean;
  onToggle: (id: number, checked: boolean) => void;
}) {
  const id = `browser-card-${card.id}`;
  return (
    <li className="flex min-w-0 gap-3 border-b border-border py-3" data-testid="browser-row">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 shrink-0"
        checked={checked}
        onChange={(e) => onToggle(card.id, e.target.checked)}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={id} className="font-medium wrap-anywhere line-clamp-2">
          <CardText text={card.question} inline />
        </label>
        <p className="text-sm text-muted wrap-anywhere line-clamp-2">
          <CardText text={card.answer} inline />
        </p>
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
          <span className="wrap-anywhere">{card.setTitle}</span>
          <Badge tone={STATE_TONES[card.state]}>{card.state}</Badge>
          {card.suspended && <Badge tone="red">{card.leech ? "leech, suspended" : "suspended"}</Badge>}
          {card.buriedUntil && <Badge tone="gray">buried</Badge>}
          {card.due && <span>due {formatDate(new Date(card.due), "d MMM yyyy, HH:mm")}</span>}
          {card.tags.map((t) => (
            <Badge key={t} tone="gray" className="wrap-anywhere">
              #{t}
            </Badge>
          ))}
        </div>
      </div>
    </li>
  );
}
