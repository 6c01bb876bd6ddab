/**
 * `npm run lookup -- example.com [--json]`: analyses one domain now and prints a summary for
 * people (or, with --json, the full record). It uses a throw-away registry in a temp folder,
 * removed on exit, so it never touches a running service's DATA_DIR or its queue. CRAWL_OVERRIDES
 * and RANKLIST_CSV apply as for the service. Bad input: a message and exit code 2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDomain } from '../../shared/domain.js';
import { createLogger } from '../lib/logger.js';
import { formatAnalysis } from './cli-format.js';
import { cliSetup } from './cli-setup.js';
import { createLookupService } from './lookup-service.js';
import { serviceOptions } from './service-options.js';
import { visibleJson } from '../../shared/visible-text.js';

const USAGE = 'Usage: npm run lookup -- <domain> [--json]\n  e.g. npm run lookup -- example.com\n';

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return;
  }
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--json');
  if (unknown.length) fail(`Unknown option ${unknown[0]}.`);
  const args = argv.filter((a) => !a.startsWith('-'));
  if (args.length !== 1) fail(args.length === 0 ? 'Give one domain to analyse.' : 'Give exactly one domain.');
  const parsed = parseDomain(args[0]);
  if (!parsed.ok) fail(`"${args[0]}" is not a domain: ${parsed.message}`);

  const { config, logLevel, crawler } = cliSetup(fail);
  const dir = mkdtempSync(join(tmpdir(), 'ai-policy-lookup-'));
  // A registry of its own in the temp folder, never the service's.
  const service = createLookupService(
    serviceOptions({ ...config, dataDir: dir }, { crawler, workers: false, logger: createLogger('lookup', logLevel) }),
  );
  try {
    const full = await service.analyseNow(parsed.domain);
    const summary = await service.lookup(parsed.domain);
    if (!summary.found) throw new Error('the analysis was not stored');
    process.stdout.write(argv.includes('--json') ? visibleJson(full, 2) + '\n' : formatAnalysis(full, summary));
  } finally {
    await service.close();
    await crawler.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`lookup failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
