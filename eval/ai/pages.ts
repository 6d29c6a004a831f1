/**
 * Prints a document the way the app extracts it, page by page (PDF pages, PPTX slides, one page for the
 * rest), so a question writer can check which page number the app gives an answer:
 *   node --import tsx eval/ai/pages.ts eval/ai/documents/fhs-3.0.pdf [page]
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { extractDocument } from "#server/integrations/documents/index.ts";

const [file, only] = process.argv.slice(2);
if (!file) {
  console.error("usage: node --import tsx eval/ai/pages.ts <document> [page]");
  process.exit(2);
}
const result = await extractDocument({ bytes: readFileSync(file), fileName: basename(file) });
if (!result.ok) {
  console.error(`${file}: ${result.failure.message}`);
  process.exit(1);
}
for (const page of result.document.pages) {
  if (only && page.n !== Number(only)) continue;
  console.log(`\n======== page ${page.n} ========\n${page.text}`);
}
process.exit(0);
