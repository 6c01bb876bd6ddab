/**
 * The terms reader on the held-out terms corpus (test/fixtures/terms-heldout, issue 34): 164
 * archived terms texts labelled by reading their clauses before the reader was run, split by
 * sha1(id) mod 3 (0: `held-out`, else `development`), and three more held-out sets (`held-out-2`,
 * 80 texts, `held-out-3` and `held-out-4`, 53 each) from services in none of the sets before them, each labelled
 * by readers who never saw the reader's code or output, before it was run on them. Reads each text as the crawler would get it — the archive's
 * markdown turned back to HTML as the unit suite does (test/unit/analysis/helpers/markdown-html.ts),
 * a published HTML snapshot as it is — through readTerms (proxy/analysis/site/tos.ts, the
 * crawler's path: htmlBlocks then termsFromBlocks), and prints per split and per fact the
 * agreement, the confusion matrix (label rows × reader columns), the AI bans caught, the
 * scraping-only texts told as AI, and every disagreement with the clause that decided.
 *
 * The texts are not in the repository: build them with test/tools/build-terms-corpus.ts. They
 * are read from TERMS_CORPUS_DIR, else ../shared/corpora/terms, else /work/corpus-data/terms.
 * A report: exits 0 whatever the figures, 2 when texts are missing.
 *
 * A fifth set, 171 documents as ToS;DR's document store keeps them (flattened HTML, from Sonu
 * Gupta's TOSDR Terms of Service Corpus), split by sha1(id) mod 2 into `held-out-5` (94) and
 * `development-5` (77), all labelled by such readers; the reader was tuned on development-5 only.
 * A sixth, 220 more from that corpus (services in no set before), split the same way into
 * `held-out-6` (115) and `development-6` (105); a seventh, 110 more, all `held-out-7`; an eighth, 115, all
 * `held-out-8`; a ninth, 84, all `held-out-9`; a tenth, 94 (80 from Open Terms Archive's archives,
 * 14 from ToS;DR's store), all `held-out-10`; an eleventh, 25 from two archives that keep terms as
 * text (CLAUDETTE's corpus, English and German, and ToSBack 2's last crawls), all `held-out-11`; a
 * twelfth, 26 of ToSBack 2's documents no longer in its last crawl folders, all `held-out-12`; a
 * thirteenth, terms that sites and apps publish from their own GitHub repositories (Markdown),
 * all `held-out-13`; a fourteenth, more of the same (Markdown and HTML), all `held-out-14`; a
 * fifteenth, more of the same from other paths and rows (Markdown and HTML), all `held-out-15`; a
 * sixteenth, the last rows gathered that session, all `held-out-16`; a seventeenth, from paths and
 * rows no gatherer had reached, all `held-out-17`; an eighteenth, from further paths and rows, all
 * `held-out-18`; a nineteenth, published terms found by their AI clauses, all `held-out-19`.
 * A plain-text record (`txt`) is read as a text/plain page, the crawler's other path
 * (termsFromText).
 *
 * Run: `npx tsx test/tools/terms-figures.ts [--split held-out|held-out-2|held-out-3|held-out-4|held-out-5|held-out-6|held-out-7|held-out-8|held-out-9|held-out-10|held-out-11|held-out-12|held-out-13|held-out-14|held-out-15|held-out-16|held-out-17|held-out-18|held-out-19|development|development-5|development-6|all] [--quiet]`
 * (without --split: the nineteen held-out sets).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTerms } from '../../proxy/analysis/site/tos.js';
import { TOS_STANCES, type TosStance } from '../../shared/values.js';
import { response } from '../unit/analysis/helpers/evidence-builder.js';
import { markdownToHtml } from '../unit/analysis/helpers/markdown-html.js';
import { termsCorpusDir } from './terms-corpus.js';

type Fact = 'ai' | 'automated_access';
const FACTS: readonly Fact[] = ['ai', 'automated_access'];

type Split = (typeof HELD_OUT)[number] | (typeof DEVELOPMENT)[number];

interface Text {
  id: string;
  lang: string;
  format: 'md' | 'html' | 'txt';
  sha256: string;
  source: { repository: string; path: string; commit: string; url: string };
  labels: Record<Fact, TosStance>;
  evidence: Record<Fact, string | null>;
  split: Split;
  labelled_by?: string;
  /** A second labelling by other sessions that saw neither the first labels nor the reader (held-out-6). */
  second_labels?: Record<Fact, TosStance>;
}

const args = process.argv.slice(2);
const splitArg = args.includes('--split') ? args[args.indexOf('--split') + 1] : undefined;
const HELD_OUT = [
  'held-out',
  'held-out-2',
  'held-out-3',
  'held-out-4',
  'held-out-5',
  'held-out-6',
  'held-out-7',
  'held-out-8',
  'held-out-9',
  'held-out-10',
  'held-out-11',
  'held-out-12',
  'held-out-13',
  'held-out-14',
  'held-out-15',
  'held-out-16',
  'held-out-17',
  'held-out-18',
  'held-out-19',
] as const;
const DEVELOPMENT = ['development', 'development-5', 'development-6'] as const;
const quiet = args.includes('--quiet');

const labels = JSON.parse(readFileSync(new URL('../fixtures/terms-heldout/labels.json', import.meta.url), 'utf8')) as {
  labelled_by: string;
  texts: Text[];
};

const dir = termsCorpusDir();

const chosen = labels.texts.filter((t) =>
  splitArg === undefined
    ? (HELD_OUT as readonly string[]).includes(t.split)
    : splitArg === 'all' || t.split === splitArg,
);
const missing = chosen.filter((t) => !existsSync(join(dir, `${t.id}.${t.format}`)));
if (missing.length > 0) {
  console.error(
    `${missing.length} of ${chosen.length} texts missing from ${dir} (e.g. ${missing[0]!.id}); rebuild with test/tools/build-terms-corpus.ts`,
  );
  process.exit(2);
}

interface Row {
  t: Text;
  got: Record<Fact, { stance: TosStance; excerpt: string | null; section: string | null }>;
}
let changed = 0;
const rows: Row[] = chosen.map((t) => {
  const bytes = readFileSync(join(dir, `${t.id}.${t.format}`));
  if (createHash('sha256').update(bytes).digest('hex') !== t.sha256) changed++;
  const text = bytes.toString('utf8');
  const r =
    t.format === 'txt'
      ? readTerms(response(text, { contentType: 'text/plain; charset=utf-8' }))
      : readTerms(
          response(t.format === 'md' ? markdownToHtml(text) : text, { contentType: 'text/html; charset=utf-8' }),
        );
  return { t, got: { ai: r.ai, automated_access: r.automatedAccess } };
});

const pct = (n: number, of: number) => `${n}/${of} (${of === 0 ? '–' : ((100 * n) / of).toFixed(1)} %)`;
const banned = (s: TosStance) => s === 'prohibits' || s === 'restricts';

function matrix(fact: Fact, of: readonly Row[]): string[] {
  const w = 11;
  const used = TOS_STANCES.filter((s) => of.some((r) => r.t.labels[fact] === s || r.got[fact].stance === s));
  const count = (l: TosStance, g: TosStance) =>
    of.filter((r) => r.t.labels[fact] === l && r.got[fact].stance === g).length;
  return [
    `${'label \\ reader'.padEnd(w + 4)}${used.map((s) => s.padStart(w)).join('')}`,
    ...used
      .filter((l) => of.some((r) => r.t.labels[fact] === l))
      .map((l) => `${l.padEnd(w + 4)}${used.map((g) => String(count(l, g)).padStart(w)).join('')}`),
  ];
}

function report(name: string, of: readonly Row[]): void {
  const n = (f: (r: Row) => boolean) => of.filter(f).length;
  console.log(
    `\n== ${name}: ${of.length} texts (${(['md', 'html', 'txt'] as const)
      .filter((f) => n((r) => r.t.format === f) > 0)
      .map((f) => `${n((r) => r.t.format === f)} ${f}`)
      .join(', ')})`,
  );
  for (const fact of FACTS) {
    console.log(
      `\n${fact}: agreement ${pct(
        n((r) => r.t.labels[fact] === r.got[fact].stance),
        of.length,
      )}`,
    );
    for (const l of matrix(fact, of)) console.log(`  ${l}`);
  }
  const bans = of.filter((r) => banned(r.t.labels.ai));
  console.log(
    `\nAI bans caught (label prohibits/restricts → reader prohibits/restricts): ${pct(
      n((r) => banned(r.t.labels.ai) && banned(r.got.ai.stance)),
      bans.length,
    )}`,
  );
  const scrapingOnly = of.filter((r) => r.t.labels.ai === 'silent' && r.t.labels.automated_access !== 'silent');
  const toldAi = scrapingOnly.filter((r) => r.got.ai.stance !== 'silent');
  console.log(
    `scraping-only texts told as AI (label ai silent, automated access not → reader ai not silent): ${toldAi.length} of ${scrapingOnly.length}${toldAi.length > 0 ? `: ${toldAi.map((r) => r.t.id).join(', ')}` : ''}`,
  );
  const both = n((r) => FACTS.every((f) => r.t.labels[f] === r.got[f].stance));
  console.log(`both facts right: ${pct(both, of.length)}`);
  const twice = of.filter((r) => r.t.second_labels !== undefined);
  for (const fact of twice.length > 0 ? FACTS : [])
    console.log(
      `labellers agree with each other on ${fact}: ${pct(
        twice.filter((r) => r.t.second_labels![fact] === r.t.labels[fact]).length,
        twice.length,
      )}`,
    );
  if (quiet) return;
  const wrong = of.flatMap((r) => FACTS.filter((f) => r.t.labels[f] !== r.got[f].stance).map((f) => ({ r, f })));
  console.log(`\ndisagreements (${wrong.length}):`);
  for (const { r, f } of wrong) {
    const g = r.got[f];
    console.log(
      `- ${r.t.id} (${r.t.lang}, ${r.t.format}) ${f}: label ${r.t.labels[f]}, reader ${g.stance}` +
        (g.excerpt
          ? ` — reader's clause [${g.section ?? 'no section'}] "${g.excerpt.slice(0, 300)}"`
          : ' — no clause') +
        (r.t.evidence[f] ? `; label rests on ${r.t.evidence[f]}` : ''),
    );
  }
}

console.log(`terms corpus: ${dir} (${labels.labelled_by})`);
if (changed > 0) console.log(`warning: ${changed} texts differ from the sha256 in labels.json`);
for (const split of splitArg === undefined
  ? HELD_OUT
  : splitArg === 'all'
    ? [...HELD_OUT, ...DEVELOPMENT]
    : [splitArg]) {
  const of = rows.filter((r) => r.t.split === split);
  if (of.length > 0) report(split, of);
}
