/**
 * `npm run check -- --bot GPTBot --use training < urls.txt`: for pipelines, the answer of
 * POST /v1/check for every URL of the input, one JSON line each (or CSV rows under a header),
 * from the registry of DATA_DIR (or DATABASE_URL), crawling the domains it does not hold yet.
 * A line that is not a URL is named on stderr and skipped; the run then ends with exit code 1.
 * Bad options or settings: a message and exit code 2.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { CHECK_MAX_URLS, checkQuestion, checkUrl, type CheckResult, type CheckUrl } from '../../shared/check-api.js';
import { createLogger } from '../lib/logger.js';
import { CheckRun } from './check-run.js';
import { cliSetup } from './cli-setup.js';
import { createLookupService } from './lookup-service.js';
import { openConfiguredStore } from './open-store.js';
import { serviceOptions } from './service-options.js';
import { visibleJson, visibleText } from '../../shared/visible-text.js';
import { stringify as stringifyCsv } from 'csv-stringify/sync';

const USAGE = `Usage: npm run check -- [--bot TOKEN] [--use training|search|inference] [--csv] [--no-crawl] < urls.txt
  One URL a line (blank lines and lines starting with # are skipped). For each, one JSON line
  (with --csv, a CSV row under a header): may this AI bot, or this use, have the page, and which
  robots.txt line, TDMRep rule, ai.txt rule or content signal says so (invisible and bidi
  characters escaped as \\uXXXX in JSON, shown as ⟨U+XXXX⟩ in CSV). Give --bot, --use or both;
  --bot * asks for a crawler no robots.txt group names. Reads the registry (DATA_DIR, or
  DATABASE_URL) and crawls the domains it does not hold (CRAWL_CONCURRENCY at a time);
  --no-crawl answers those unknown and leaves them queued for the service.
  e.g. npm run check -- --bot GPTBot --use training < urls.txt > answers.jsonl
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const CSV_COLUMNS = [
  'url',
  'domain',
  'verdict',
  'explicit',
  'source',
  'line',
  'evidence',
  'reason',
  'found',
  'queued',
  'last_updated',
  'bots',
] as const;

function csvRow(r: CheckResult): string {
  const bots = r.bots
    ? Object.entries(r.bots)
        .map(([b, v]) => `${b}=${v}`)
        .join(' ')
    : '';
  const cells = [
    r.url,
    r.domain,
    r.verdict,
    r.explicit,
    r.decided_by?.source,
    r.decided_by?.line,
    r.decided_by?.evidence && visibleText(r.decided_by.evidence),
    r.reason,
    r.found,
    r.queued,
    r.last_updated,
    bots,
  ];
  // RFC 4180 quoting by csv-stringify, as the audit's CSV files; true and false written out.
  return stringifyCsv([cells], { cast: { boolean: (b) => String(b) } }).replace(/\n$/, '');
}

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        bot: { type: 'string' },
        use: { type: 'string' },
        csv: { type: 'boolean' },
        'no-crawl': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (e) {
    fail((e as Error).message);
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const question = checkQuestion(args.bot, args.use);
  if (!question.ok) fail(question.message.replace(/^(bot|use): /, '--$1: '));

  const { config, logLevel, crawler } = cliSetup(fail);
  // Logs go to stderr: stdout is the answer.
  const logger = createLogger('check', logLevel, { destination: process.stderr });
  const store = await openConfiguredStore(config, logger, 'service');
  const service = createLookupService(serviceOptions(config, { store, crawler, workers: false, logger }));
  const run = new CheckRun(service, question.value, { crawl: !args['no-crawl'], concurrency: config.crawlConcurrency });
  const started = performance.now();
  let bad = 0;
  const write = (text: string) =>
    process.stdout.write(text) ? undefined : new Promise<void>((r) => process.stdout.once('drain', () => r()));
  try {
    if (args.csv) await write(CSV_COLUMNS.join(',') + '\n');
    let chunk: CheckUrl[] = [];
    const flush = async () => {
      if (chunk.length === 0) return;
      const results = await run.answer(chunk);
      chunk = [];
      await write(results.map((r) => (args.csv ? csvRow(r) : visibleJson(r))).join('\n') + '\n');
    };
    let n = 0;
    for await (const raw of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      n++;
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      const url = checkUrl(line, `line ${n}`);
      if (!url.ok) {
        bad++;
        process.stderr.write(`${url.message}\n`);
        continue;
      }
      chunk.push(url.value);
      if (chunk.length >= CHECK_MAX_URLS) await flush();
    }
    await flush();
  } finally {
    await service.close();
    await crawler.close();
  }
  const c = run.counts;
  const s = ((performance.now() - started) / 1000).toFixed(1);
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const notUrls = bad ? `; ${n(bad, 'line was not a URL', 'lines were not URLs')}` : '';
  process.stderr.write(
    `checked ${n(c.urls, 'URL', 'URLs')} of ${n(c.read, 'domain', 'domains')} in ${s} s; ${c.crawled} crawled now${c.failed ? `, ${c.failed} could not be` : ''}${notUrls}\n`,
  );
  return bad > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`check failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
