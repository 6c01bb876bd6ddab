/**
 * RSL licences end to end (docs/policy.md section 15): the real crawler finds each fixture
 * site's licence (robots.txt, the homepage's link, its Link header), fetches it from the farm on
 * 127.0.0.1 like the other policy files, and the service stores and answers what the licence
 * decides: the lookup, the full record with the licence as read, the announced surface, and
 * POST /v1/check for URLs under and outside a scoped `<content>`.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAnalysis } from '../../../proxy/service/cli-format.js';
import { CheckResponseSchema, CheckResultSchema } from '../../../shared/check-api.js';
import { readWhole } from '../../../shared/reading/index.js';
import { AnnouncedRecordSchema, DomainPolicyFoundSchema, FullRecordSchema } from '../../../shared/schemas.js';
import type { FixtureSite } from '../../fixtures/farm.js';
import { licenceReading, RSL_SITES } from '../../fixtures/rsl-sites.js';
import { homepage } from '../../fixtures/stance-sites.js';
import { tempDir } from '../gateway/helpers.js';
import { startHarness, type Harness } from './harness.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

/** `npm run check` as a child process (as check-cli.test.ts runs it). */
function checkCli(
  args: string[],
  stdin: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'proxy/service/check-cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  let stdout = '';
  proc.stdout.on('data', (d) => (stdout += String(d)));
  proc.stdin.end(stdin);
  return new Promise((resolve) => proc.on('close', (code) => resolve({ code, stdout })));
}

const HOSTS = Object.keys(RSL_SITES);
/** A licence past the crawler's cap (256 KiB): cut where the cap is, so not read. */
const HUGE: FixtureSite = {
  routes: {
    '/': homepage('Endless'),
    '/robots.txt': { body: 'User-agent: *\nAllow: /\nLicense: /license.xml\n' },
    '/license.xml': {
      headers: { 'content-type': 'application/rsl+xml' },
      body: `<rsl xmlns="https://rslstandard.org/rsl"><content url="/"><license>${'<legal type="warranty">ownership</legal>'.repeat(8000)}<prohibits type="usage">ai-train</prohibits></license></content></rsl>`,
    },
  },
};
/** robots.txt names a licence on another site: named, never fetched (the farm would see the request). */
const OFFSITE: FixtureSite = {
  routes: {
    '/': homepage('Elsewhere'),
    '/robots.txt': { body: 'User-agent: *\nAllow: /\nLicense: https://licences.other.test/l.xml\n' },
  },
};

describe('RSL licences through the crawler and the service', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    const sites: Record<string, FixtureSite> = {
      'offsite.test': OFFSITE,
      'licences.other.test': OFFSITE,
      'huge.test': HUGE,
    };
    for (const host of HOSTS) sites[host] = RSL_SITES[host]!.site;
    h = await startHarness({ sites });
    key = await h.key();
    for (const host of [...HOSTS, 'offsite.test', 'huge.test']) await h.service.analyseNow(host as never);
  });
  afterAll(() => h?.close());

  it.each(HOSTS)('%s: the lookup and the full record', async (host) => {
    const s = RSL_SITES[host]!;
    const body = DomainPolicyFoundSchema.parse(await (await h.get(`/v1/domain/${host}`, key)).json());
    expect({ stance: body.stance, detail: body.detail, use_cases: body.use_cases }).toEqual({
      stance: s.stance,
      detail: s.detail,
      use_cases: s.use_cases,
    });
    const l = body.basis!.licence!;
    expect(licenceReading(l)).toEqual(s.licence);
    expect(body.basis!.fetches!.rsl).toBe('answered');
    expect(body.basis!.found).toContain('rsl');
    const full = FullRecordSchema.parse(await (await h.get(`/v1/domain/${host}/full`, key)).json());
    expect(full.basis).toEqual(body.basis);
    if (s.licence.state === 'read') expect(full.rsl_licence!.url).toBe(l.url);
    else expect(full.rsl_licence).toBeNull();
  });

  it('the licence was requested once per site, with the crawler\u2019s manners (no gate, XML accepted)', () => {
    const asked = h.farm.requests.filter((r) => /license|rsl/.test(r.path));
    expect(asked.map((r) => `${r.host} ${r.path}`).sort()).toEqual(
      [
        'huge.test /license.xml',
        'rsl-broken.test /license.xml',
        'rsl-crawl.test /ai/license.rsl',
        'rsl-link.test /legal/rsl-license.xml',
        'rsl-paid.test /rsl.xml',
        'rsl-train.test /license.xml',
      ].sort(),
    );
    for (const r of asked) expect(String(r.headers.accept)).toMatch(/^application\/rsl\+xml/);
  });

  it('a licence on another site is named and not fetched', async () => {
    const body = DomainPolicyFoundSchema.parse(await (await h.get('/v1/domain/offsite.test', key)).json());
    expect(body.basis!.licence).toMatchObject({
      url: 'https://licences.other.test/l.xml',
      state: 'not_fetched',
      warnings: ['the licence is on another site (licences.other.test): not fetched'],
    });
    expect(body.detail).toBe('has_signals');
    expect(h.farm.requests.some((r) => r.host.startsWith('licences.other.test'))).toBe(false);
  });

  it('a licence past the size cap is cut there, and reported as not read', async () => {
    const body = DomainPolicyFoundSchema.parse(await (await h.get('/v1/domain/huge.test', key)).json());
    expect(body.basis!.licence!.state).toBe('unreadable');
    expect(body.basis!.licence!.warnings).toContain('the document is larger than the crawler reads');
    expect(body.use_cases.training).toBe('allowed');
  });

  it('the announced surface names RSL as the deciding source', async () => {
    const train = AnnouncedRecordSchema.parse(await (await h.get('/preview/v1/policy/rsl-train.test', key)).json());
    expect(train.purposes.training).toEqual({ allowed: false, source: ['rsl'] });
    expect(train.purposes.rag).toEqual({ allowed: true, source: ['rsl'] });
    const paid = AnnouncedRecordSchema.parse(await (await h.get('/preview/v1/policy/rsl-paid.test', key)).json());
    expect(paid.purposes.search).toEqual({ allowed: false, source: ['rsl'] });
    const link = AnnouncedRecordSchema.parse(await (await h.get('/preview/v1/policy/rsl-link.test', key)).json());
    expect(link.stance).toBe('blocks_all_ai');
    expect([link.purposes.training.source, link.purposes.search.source, link.purposes.rag.source]).toEqual([
      ['rsl'],
      ['rsl'],
      ['rsl'],
    ]);
  });

  it('POST /v1/check judges URLs under and outside the scoped <content>', async () => {
    const urls = RSL_SITES['rsl-paid.test']!.urls!;
    const res = await h.post('/v1/check', { use: 'training', urls: urls.map((u) => u.url) }, key);
    expect(res.status).toBe(200);
    const body = CheckResponseSchema.parse(await res.json());
    expect(body.results.map((r) => [r.url, r.verdict, r.decided_by?.source ?? null])).toEqual(
      urls.map((u) => [u.url, u.training, u.source]),
    );
    expect(body.results[1]!.decided_by).toEqual({
      source: 'rsl',
      line: 16,
      evidence: '<payment type="training"> 10.00 USD',
    });
  });

  it.each(HOSTS)('%s: the one reading every face renders tells the licence (section 12)', async (host) => {
    const s = RSL_SITES[host]!;
    const policy = DomainPolicyFoundSchema.parse(await (await h.get(`/v1/domain/${host}`, key)).json());
    const full = FullRecordSchema.parse(await (await h.get(`/v1/domain/${host}/full`, key)).json());
    const r = readWhole({ policy, full });
    expect(r.headline.phrase).toBe(s.reads.phrase);
    expect(r.uses.map((u) => [u.words, u.because])).toEqual(s.reads.rows);
    expect(r.signals.map((x) => x.text)).toContain(s.reads.licence);
    // Licence required is amber, never an allow or a block.
    for (const u of r.uses)
      if (u.words === 'Licence required') expect([u.verdict, u.tone]).toEqual(['partial', 'partial']);
    if (s.licence.state !== 'read')
      expect(r.standards.find((x) => x.key === 'rsl')!.label).toBe('RSL licence (not read)');
    // The CLI's summary (npm run lookup) renders the same words.
    const text = formatAnalysis(full, policy);
    for (const [i, use] of (['AI training', 'AI search', 'AI answers'] as const).entries()) {
      const [words, because] = s.reads.rows[i]!;
      expect(text).toContain(`  ${use.padEnd(12)} ${words}${because ? `, ${because}` : ''}\n`);
    }
    expect(text).toContain(`    ${s.reads.licence}\n`);
  });

  it('npm run check answers a URL under a scoped <content> with the payment the licence asks', async () => {
    const dir = tempDir('rsl-check-cli-');
    try {
      const urls = RSL_SITES['rsl-paid.test']!.urls!;
      const run = await checkCli(['--use', 'training'], urls.map((u) => u.url).join('\n'), {
        CRAWL_OVERRIDES: h.farm.overrides(),
        DATA_DIR: dir.path,
      });
      expect(run.code).toBe(0);
      const results = run.stdout
        .trim()
        .split('\n')
        .map((l) => CheckResultSchema.parse(JSON.parse(l)));
      expect(results.map((r) => [r.url, r.verdict, r.decided_by?.source ?? null])).toEqual(
        urls.map((u) => [u.url, u.training, u.source]),
      );
      expect(results[1]!.decided_by).toEqual({
        source: 'rsl',
        line: 16,
        evidence: '<payment type="training"> 10.00 USD',
      });
    } finally {
      dir.remove();
    }
  });
});
