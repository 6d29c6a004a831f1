import { lazy, Suspense, useState } from "react";
import { PageHeader } from "#client/components/page-header.tsx";
import { EmptyState, QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Skeleton } from "#client/components/ui/card.tsx";
import { type BrowserFilters, useCardBrowser } from "./card-browser.api.ts";
import { BrowserFilterBar } from "./components/browser/browser-filters.tsx";
import { BrowserRow } from "./components/browser/browser-row.tsx";

// The bulk actions (and their confirm dialog) load with the first selection.
const BulkBar = lazy(() => import("./components/browser/bulk-bar.tsx").then((m) => ({ default: m.BulkBar })));

/**
 * /study/cards: every card of the student's own sets, searched and filtered on the server 100 at a time
 * ('Show more' asks for the next page), with bulk suspend, move, tag and delete on the selected ones.
 */
export function CardBrowserPage() {
  const [filters, setFilters] = useState<BrowserFilters>({});
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const browser = useCardBrowser(filters);
  const pages = browser.data?.pages ?? [];
  const cards = pages.flatMap((p) => p.cards);
  const sets = pages[0]?.sets ?? [];
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allShown = cards.length > 0 && cards.every((c) => selected.has(c.id));
  const changeFilters = (f: BrowserFilters) => {
    setFilters(f);
    setSelected(new Set());
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Card browser"
        subtitle="Search, filter and change many cards at once"
        actions={
          <ButtonLink variant="secondary" href="/study/review">
            Review
          </ButtonLink>
        }
      />
      <BrowserFilterBar sets={sets} filters={filters} onChange={changeFilters} />
      <QueryView
        query={browser}
        pending={
          <div role="status" aria-label="Loading" className="grid gap-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        }
        error="Could not load the cards."
        isEmpty={(d) => d.pages[0]?.total === 0}
        empty={
          <EmptyState title="No cards match">Try other filters, or add cards in the Study Center.</EmptyState>
        }
      >
        {(data) => (
          <section aria-label="Cards" className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted" data-testid="browser-total" aria-live="polite">
                {data.pages[0]?.total ?? 0} {data.pages[0]?.total === 1 ? "card" : "cards"}
              </p>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setSelected(allShown ? new Set() : new Set(cards.map((c) => c.id)))}
              >
                {allShown ? "Select none" : `Select all ${cards.length} shown`}
              </Button>
            </div>
            <ul className="grid">
              {cards.map((c) => (
                <BrowserRow key={c.id} card={c} checked={selected.has(c.id)} onToggle={toggle} />
              ))}
            </ul>
            {browser.hasNextPage && (
              <Button
                variant="secondary"
                disabled={browser.isFetchingNextPage}
                onClick={() => browser.fetchNextPage()}
              >
                {browser.isFetchingNextPage ? "Loading..." : "Show more"}
              </Button>
            )}
          </section>
        )}
      </QueryView>
      {/* After the list, sticky above the assistant button: the bar (loaded on first use) appearing
          never moves the rows under the student's finger or pointer. */}
      {selected.size > 0 && (
        <Suspense fallback={null}>
          <BulkBar ids={[...selected]} sets={sets} onDone={() => setSelected(new Set())} />
        </Suspense>
      )}
    </div>
  );
}
