/**
 * `npm run bench -- flood`
 *
 * A local program floods the gateway while the extension is in use: it makes up 8 install ids
 * (`X-AI-Policy-Lens-Install`) and looks up as many new domains through each as the gateway's
 * rate limit lets it (RATE_LIMIT_PER_MINUTE, 300 a minute per client, the default), thousands
 * in all. Every fixture file answers after 1.5 s. Then the extension, which the gateway saw
 * before the flood, looks up a domain nobody has asked about, holding the answer
 * (`Prefer: wait=10`) as its popup does, and asks again while the answer is not there.
 *
 * Printed: how much the program queued; how long one crawl takes with nothing else running; how
 * long the extension's fresh domain took (first answer, then the full record); the same for a
 * fresh domain of one of the program's identities (behind its own backlog); and what a single
 * first-come-first-served queue would have made the extension wait for the jobs queued ahead.
 * Default gateway settings (embedded service, CRAWL_CONCURRENCY 8, CRAWL_NEW_PER_MINUTE 60).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGatewayConfig } from '../../proxy/gateway/program-config.js';
import { startGateway } from '../../proxy/gateway/start.js';
import { createLogger } from '../../proxy/lib/logger.js';
import { startFixtureFarm, text, type FixtureSite } from '../fixtures/farm.js';
import { homepage } from '../fixtures/stance-sites.js';

const FILE_DELAY_MS = 1_500;
const IDENTITIES = 8;
const PER_IDENTITY = 300;
/** How long a fresh domain is followed before it is reported as not answered. */
const FOLLOW_MS = 90_000;

const slow: FixtureSite = {
  routes: {
    '/robots.txt': { ...text('User-agent: GPTBot\nDisallow: /\n'), delayMs: FILE_DELAY_MS },
    '/': { ...homepage('Flood fixture'), delayMs: FILE_DELAY_MS },
  },
  fallback: { ...text('Not found', {}, 404), delayMs: FILE_DELAY_MS },
};

const farm = await startFixtureFarm();
const dir = mkdtempSync(join(tmpdir(), 'flood-bench-'));
const config = loadGatewayConfig({ PORT: '0', DATA_DIR: dir, CRAWL_OVERRIDES: farm.overrides(), LOG_LEVEL: 'silent' });
const gw = await startGateway(config, { logger: createLogger('bench', 'silent') });
const site = (d: string) => (farm.set(d, slow), d);

const EXTENSION = { 'x-ai-policy-lens': '1', 'x-ai-policy-lens-install': 'real-extension-install-0123456789' };
const program = (i: number) => ({
  'x-ai-policy-lens': '1',
  'x-ai-policy-lens-install': `made-up-install-id-${String(i).padStart(4, '0')}`,
});

interface Followed {
  /** Seconds to the first answer with `found: true` (an early answer while the terms are read counts). */
  first: number | null;
  /** Seconds to the answer that is the stored record (no `terms_pending`). */
  full: number | null;
}

/** Asks as the popup does (held 10 s, then again) until the stored record comes or FOLLOW_MS pass. */
async function follow(domain: string, headers: Record<string, string>): Promise<Followed> {
  const started = performance.now();
  const out: Followed = { first: null, full: null };
  while (performance.now() - started < FOLLOW_MS) {
    const r = await fetch(`${gw.url}/v1/domain/${domain}`, { headers: { ...headers, prefer: 'wait=10' } });
    const body = (await r.json()) as { found?: boolean; basis?: { terms_pending?: boolean } };
    const s = (performance.now() - started) / 1000;
    if (r.ok && body.found) {
      out.first ??= s;
      if (!body.basis?.terms_pending) return { ...out, full: s };
    }
    // An early answer is not held (it is an answer): ask again a second later, as the popup does.
    if (!r.ok || body.found) await new Promise((res) => setTimeout(res, 1_000));
  }
  return out;
}

const queueFigures = async () => {
  const r = await fetch(`${gw.url}/status`, { headers: EXTENSION });
  return ((await r.json()) as { service: { queued: number; crawling: number } }).service;
};

try {
  // The extension in use before the flood: its first lookup also times one crawl on an idle gateway.
  const alone = await follow(site('calibration.test'), EXTENSION);
  console.log(
    `one crawl, nothing else running: first answer ${alone.first?.toFixed(1)} s, full record ${alone.full?.toFixed(1)} s (each file answers after ${FILE_DELAY_MS / 1000} s)`,
  );

  const floodStarted = performance.now();
  let refused = 0;
  await Promise.all(
    Array.from({ length: IDENTITIES }, async (_, i) => {
      for (let n = 0; n < PER_IDENTITY; n++) {
        const r = await fetch(`${gw.url}/v1/domain/${site(`p${i}-${n}.flood.test`)}`, { headers: program(i) });
        if (r.status !== 200) refused++;
        await r.arrayBuffer();
      }
    }),
  );
  const flooded = await queueFigures();
  console.log(
    `program: ${IDENTITIES} made-up identities looked up ${IDENTITIES * PER_IDENTITY} new domains in ${((performance.now() - floodStarted) / 1000).toFixed(1)} s ` +
      `(${refused} refused by the rate limit); queued ${flooded.queued}, crawling ${flooded.crawling}`,
  );

  const [ext, prog] = await Promise.all([
    follow(site('extension-fresh.test'), EXTENSION),
    follow(site('program-fresh.flood.test'), program(1)),
  ]);
  const show = (f: Followed) =>
    `first answer ${f.first === null ? `none within ${FOLLOW_MS / 1000} s` : `${f.first.toFixed(1)} s`}, ` +
    `full record ${f.full === null ? `none within ${FOLLOW_MS / 1000} s` : `${f.full.toFixed(1)} s`}`;
  console.log(`extension's fresh domain: ${show(ext)}`);
  console.log(`a program identity's fresh domain (behind its own backlog): ${show(prog)}`);
  const perCrawl = alone.full ?? 0;
  const fifoS = (flooded.queued * perCrawl) / 8;
  console.log(
    `first come, first served: the extension's domain behind ${flooded.queued} queued jobs, about ${Math.round(fifoS)} s at 8 crawls at a time`,
  );
  const ok = ext.first !== null && ext.first <= 10;
  console.log(ok ? 'extension answered within 10 s: yes' : 'extension answered within 10 s: NO');
  process.exitCode = ok ? 0 : 1;
} finally {
  await gw.close();
  await farm.close();
  rmSync(dir, { recursive: true, force: true });
}
