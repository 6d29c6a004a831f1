// The built-in language engine on a 100-page synthetic lecture text (~49,000 words): the summarizer in
// each style, chunking and definition drafts, beside the floor they all stand on, wink-nlp reading the
// same text into sentences and stems with nothing else. Prints the median wall and CPU time of several
// runs, the ratio to that baseline, and peak RSS.
// Usage: npm run bench:builtin [-- --pages 100 --rounds 5]

import model from "wink-eng-lite-web-model";
import winkNLP from "wink-nlp";
import { chunkDocument } from "#server/integrations/ai/builtin/chunk.ts";
import { definitionCards } from "#server/integrations/ai/builtin/definitions.ts";
import { syntheticPages } from "#server/integrations/ai/builtin/fixtures/synthetic.ts";
import { summarize } from "#server/integrations/ai/builtin/summarize.ts";
import { sentences } from "#server/integrations/ai/builtin/text.ts";
import { benchArgs } from "./args.ts";

const { pages: PAGES, rounds: ROUNDS } = benchArgs({ numbers: { pages: 100, rounds: 5 } });

const pages = syntheticPages(PAGES);
const words = pages.join(" ").split(/\s+/).length;

const nlp = winkNLP(model, ["sbd"]);
const stem = model.addons.stem as (word: string) => string;
function baseline() {
  for (const page of pages) {
    const doc = nlp.readDoc(page);
    doc.sentences().out();
    for (const normal of doc.tokens().out(nlp.its.normal)) stem(normal);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function measure(run: () => unknown) {
  run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

sentences("Load the model before timing anything.");
const floor = measure(baseline);
const rows: [string, { wall: number; cpu: number }][] = [
  ["baseline: wink sentences + stems", floor],
  ["summarize brief", measure(() => summarize(pages, "brief"))],
  ["summarize bullets", measure(() => summarize(pages, "bullets"))],
  ["summarize detailed", measure(() => summarize(pages, "detailed"))],
  ["chunkDocument", measure(() => chunkDocument(pages))],
  ["definitionCards", measure(() => definitionCards(pages))],
];

console.log(`${PAGES} pages, ${words} words, median of ${ROUNDS} runs`);
console.log(
  `${"step".padEnd(34)} ${"wall ms".padStart(8)} ${"cpu ms".padStart(8)} ${"x baseline (cpu)".padStart(17)}`,
);
for (const [name, { wall, cpu }] of rows) {
  console.log(
    `${name.padEnd(34)} ${wall.toFixed(0).padStart(8)} ${cpu.toFixed(0).padStart(8)} ${(cpu / floor.cpu).toFixed(2).padStart(17)}`,
  );
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
