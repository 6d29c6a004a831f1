import { Lightbulb, Quote } from "lucide-react";
import { Card, CardTitle } from "#client/components/ui/card.tsx";
import { quoteOfTheDay } from "#client/features/dashboard/quotes.ts";

export function StudyTipCard() {
  return (
    <Card className="grid gap-2">
      <CardTitle className="flex items-center gap-2">
        <Lightbulb className="h-5 w-5 text-yellow-500" aria-hidden /> Daily Study Tip
      </CardTitle>
      <p className="text-sm text-muted">
        Reviewing lecture notes? Run them through the AI Summarizer first: a short summary shows what matters
        before you dive into the details.
      </p>
    </Card>
  );
}

export function QuoteCard({ today }: { today: Date }) {
  const quote = quoteOfTheDay(today);
  return (
    <Card className="grid gap-2">
      <CardTitle className="flex items-center gap-2">
        <Quote className="h-5 w-5 text-accent" aria-hidden /> Quote of the Day
      </CardTitle>
      <figure>
        <blockquote className="text-sm italic">"{quote.text}"</blockquote>
        <figcaption className="mt-1 text-sm text-muted">- {quote.author}</figcaption>
      </figure>
    </Card>
  );
}
