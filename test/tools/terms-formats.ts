/**
 * The terms reader's two paths on the same texts (issue 34): every held-out terms text that is not
 * plain text already is read as HTML (htmlBlocks then termsFromBlocks, the crawler's path for a
 * page) and again as the text a person copying that page gets (termsFromText, the path for a
 * text/plain page): one line per block, no bullets, a blank line before each paragraph or heading,
 * list items on the lines right after their lead-in. Prints how many fact readings differ and,
 * for each, the two stances, the label and the two deciding clauses. No labels are needed to read
 * it: a difference is a place where one path loses structure the other keeps (held-out-11 showed
 * the plain-text path losing one-line items). A report: exits 0 whatever it finds, 2 when the
 * texts are missing.
 *
 * Run: `npx tsx test/tools/terms-formats.ts` (texts from TERMS_CORPUS_DIR, else
 * ../shared/corpora/terms, else /work/corpus-data/terms; build them with build-terms-corpus.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { htmlBlocks } from '../../proxy/analysis/html/blocks.js';
import { termsFromBlocks, termsFromText } from '../../proxy/analysis/site/terms-facts.js';
import { markdownToHtml } from '../unit/analysis/helpers/markdown-html.js';
import { termsCorpusDir } from './terms-corpus.js';

interface Text {
  id: string;
  format: 'md' | 'html' | 'txt';
  labels: { ai: string; automated_access: string };
}

const { texts } = JSON.parse(
  readFileSync(new URL('../fixtures/terms-heldout/labels.json', import.meta.url), 'utf8'),
) as {
  texts: Text[];
};
const dir = termsCorpusDir();
const read = texts.filter((t) => t.format !== 'txt');
const missing = read.filter((t) => !existsSync(join(dir, `${t.id}.${t.format}`)));
if (missing.length > 0) {
  console.error(`${missing.length} texts missing from ${dir}; rebuild with test/tools/build-terms-corpus.ts`);
  process.exit(2);
}

const FACTS = [
  ['ai', 'ai'],
  ['automatedAccess', 'automated_access'],
] as const;
const clip = (s: string | null): string => (s ?? '—').slice(0, 160);
const rows: string[] = [];
let htmlRight = 0;
let textRight = 0;
for (const t of read) {
  const raw = readFileSync(join(dir, `${t.id}.${t.format}`), 'utf8');
  const blocks = htmlBlocks(t.format === 'md' ? markdownToHtml(raw) : raw);
  const copied = blocks.map((b, i) => (b.kind === 'item' && i > 0 ? '' : '\n') + b.text).join('\n');
  const asHtml = termsFromBlocks(blocks);
  const asText = termsFromText(copied);
  for (const [fact, label] of FACTS) {
    const h = asHtml[fact];
    const x = asText[fact];
    if (h.stance === x.stance) continue;
    if (h.stance === t.labels[label]) htmlRight++;
    if (x.stance === t.labels[label]) textRight++;
    rows.push(
      `- ${t.id} ${label}: as HTML ${h.stance}, as copied text ${x.stance}, label ${t.labels[label]}\n    HTML: ${clip(h.excerpt)}\n    text: ${clip(x.excerpt)}`,
    );
  }
}
console.log(`${read.length} texts, ${read.length * 2} fact readings: ${rows.length} differ between the two paths`);
console.log(
  `of those, the label agrees with the HTML reading ${htmlRight} times, with the copied-text reading ${textRight} times`,
);
if (rows.length > 0) console.log(rows.join('\n'));
