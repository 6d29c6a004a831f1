// bench:optimizer (issue 25 §4): the personal-FSRS fit on a synthetic 20,000-review log (1,000 cards,
// 20 ratings each, recall drawn from an exponential forgetting curve with a fixed seed), timed, with the
// log loss and RMSE of the defaults and of the fit on the same log. Prints one JSON line.
import { cpus, loadavg } from "node:os";
import { fitParameters, type LoggedRating } from "#server/features/review/personal-fsrs.ts";

const REVIEWS = 20_000;
const DAY = 86_400_000;

function syntheticLog(): LoggedRating[] {
  let seed = 1;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const log: LoggedRating[] = [];
  const start = Date.UTC(2025, 0, 1);
  for (let card = 0; log.length < REVIEWS; card += 1) {
    let at = start + Math.floor(rnd() * 30) * DAY;
    let interval = 1;
    let stability = 2;
    for (let k = 0; k < 20 && log.length < REVIEWS; k += 1) {
      const recalled = rnd() < Math.exp(-interval / (stability * 3));
      const rating = recalled ? (rnd() < 0.8 ? 3 : 4) : 1;
      log.push({ flashcardId: card, rating, reviewedAt: new Date(at), state: k === 0 ? 0 : 2 });
      if (recalled) stability *= 2.2;
      else stability = Math.max(1, stability * 0.5);
      interval = recalled ? Math.max(1, Math.round(stability)) : 1;
      at += interval * DAY;
    }
  }
  return log;
}

const log = syntheticLog();
const started = performance.now();
const result = await fitParameters(log, new Date());
const ms = Math.round(performance.now() - started);
console.log(
  JSON.stringify({
    reviews: log.length,
    fitMs: ms,
    ...result?.fit,
    parameters: result?.weights?.length ?? 0,
    cpus: cpus().length,
    load: loadavg().map((l) => Number(l.toFixed(2))),
  }),
);
