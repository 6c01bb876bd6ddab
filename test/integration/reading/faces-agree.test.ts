/**
 * One reading on every face (issue 32, docs/reading.md section 2): every fixture site is looked
 * up through a real embedded gateway the way the popup and the web page load it (the answer,
 * then loadExtras: full record, the site a subdomain belongs to), and checked by a real audit
 * run against the same sites. For each host the popup's model, the web site page's model, the
 * web page's recent lookups, the CLI, the overview's counts (`by_told` of /preview/v1/stats)
 * and the audit's row must tell the same stance, the same uses and the same bots by role. No
 * face's answer is written here: they are compared with each other.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExtras, type Extras } from '../../../extension/lib/extras.js';
import { createGatewayClient, type GatewayClient } from '../../../extension/lib/gateway-client.js';
import { popupModel, type PopupModel } from '../../../extension/lib/view-model.js';
import { formatAnalysis } from '../../../proxy/service/cli-format.js';
import type { SiteRow } from '../../../proxy/audit/site-row.js';
import { normalizeDomain, type Domain } from '../../../shared/domain.js';
import { TOLD_LABELS } from '../../../shared/labels.js';
import { TOLD_STANCES, type ToldStance } from '../../../shared/reading/claims.js';
import type { BotItem, OperatorGroup } from '../../../shared/reading/read-bots.js';
import { StatsResponseSchema, type DomainPolicyFound } from '../../../shared/schemas.js';
import { lookupTold } from '../../../web/src/site-data.js';
import { html, startFixtureFarm, text, type FixtureFarm, type FixtureSite } from '../../fixtures/farm.js';
import { NO_AI_RULES, REAL_SITES, realTerms } from '../../fixtures/real-sites.js';
import { homepage, sitesOf, STANCE_SITES } from '../../fixtures/stance-sites.js';
import { auditInProcess, writeList, type InProcessAudit } from '../audit/harness.js';
import { startTestGateway, type TestGateway } from '../gateway/helpers.js';

/** A www host without robots.txt or any AI rule of its own, beside a site that blocks all AI. */
const WWW: FixtureSite = {
  routes: { '/': html('<!doctype html><title>www</title><h1>Welcome</h1>') },
  fallback: text('Not found', {}, 404),
};
/** The New York Times' terms (2025, Open Terms Archive: AI use only with consent) beside a robots.txt without AI rules. */
const TERMS_RESTRICT: FixtureSite = {
  routes: {
    '/': homepage('Terms Restrict AI News'),
    '/terms': realTerms('nytimes-2025', 'The New York Times'),
    '/robots.txt': text(NO_AI_RULES),
  },
};
const SITES: Record<string, FixtureSite> = {
  ...sitesOf(STANCE_SITES),
  ...Object.fromEntries(Object.entries(REAL_SITES).map(([h, s]) => [h, s.site])),
  'www.blocks-all.test': WWW,
  'terms-restrict.test': TERMS_RESTRICT,
};
const HOSTS = Object.keys(SITES).sort();

interface Faces {
  policy: DomainPolicyFound;
  extras: Extras;
  popup: PopupModel;
  /** The web site page renders popupModel from the same loader (web/src/site-page.tsx). */
  web: PopupModel;
  recent: ToldStance;
  cli: string | null;
}

const tokens = (groups: OperatorGroup[]) =>
  groups
    .flatMap((g) => g.bots)
    .map((b: BotItem) => b.token)
    .sort();

let farm: FixtureFarm;
let gw: TestGateway;
let client: GatewayClient;
let audit: InProcessAudit;
let outDir: string;
const faces = new Map<string, Faces>();
let rows: Map<string, SiteRow>;

async function settled(d: Domain): Promise<DomainPolicyFound> {
  for (let i = 0; i < 60; i++) {
    const r = await client.domain(d, { waitS: 20 });
    if (r.ok && r.data.found && !r.data.basis?.terms_pending) return r.data;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`${d} gave no whole answer`);
}

beforeAll(async () => {
  farm = await startFixtureFarm(SITES);
  gw = await startTestGateway({ CRAWL_OVERRIDES: farm.overrides() });
  client = createGatewayClient({ baseUrl: gw.url });
  outDir = mkdtempSync(join(tmpdir(), 'faces-agree-'));
  writeList(join(outDir, 'list.txt'), HOSTS, false);
  const auditing = auditInProcess(
    { list: join(outDir, 'list.txt'), out: join(outDir, 'out') },
    { overrides: farm.overrides(), concurrency: 8 },
  );
  await Promise.all(
    HOSTS.map(async (h) => {
      const d = normalizeDomain(h);
      const policy = await settled(d);
      const extras = await loadExtras(client, d, policy);
      const input = { policy, full: extras.full, parent: extras.parent };
      const full = await client.full(d);
      faces.set(h, {
        policy,
        extras,
        popup: popupModel(input),
        web: popupModel(input),
        recent: lookupTold(policy, extras),
        cli: full.ok && 'all_bots' in full.data ? formatAnalysis(full.data, policy) : null,
      });
    }),
  );
  audit = await auditing;
  rows = new Map(
    readFileSync(join(outDir, 'out', 'sites.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as SiteRow)
      .map((r) => [r.domain, r]),
  );
}, 240_000);

afterAll(async () => {
  await audit?.close();
  await gw?.close();
  await farm?.close();
  rmSync(outDir, { recursive: true, force: true });
});

describe('every fixture site tells one reading on every face', () => {
  it('covers every stance the faces can tell but a first check, borrowing included', () => {
    const told = new Set([...faces.values()].map((f) => f.popup.reading.told));
    expect([...told].sort()).toEqual([...TOLD_STANCES].sort());
    expect(faces.get('www.blocks-all.test')!.popup.reading.borrowed).not.toBeNull();
  });

  it.each(HOSTS)('%s: the same stance on the popup, the web page, its recent lookups, the CLI and the audit', (h) => {
    const f = faces.get(h)!;
    const row = rows.get(h)!;
    const told = f.popup.reading.told;
    expect(f.web.reading.told).toBe(told);
    expect(f.recent).toBe(told);
    expect(row.told).toBe(told);
    expect(f.popup.headline.label).toBe(f.web.headline.label);
    const borrowed = f.popup.reading.borrowed;
    expect(row.told_from).toBe(borrowed ? f.popup.reading.shown.domain : null);
    // The CLI reads the host's own record: its headline is the popup's when nothing is borrowed.
    if (!borrowed) expect(f.cli?.split('\n')[2]?.startsWith(`${f.popup.headline.label}:`)).toBe(true);
    // The badge label the recent lookups show is the stance's.
    expect(TOLD_LABELS[f.recent]()).toBeTruthy();
  });

  it.each(HOSTS)('%s: the same uses and the same AI bots by role on the popup and in the audit', (h) => {
    const f = faces.get(h)!;
    const row = rows.get(h)!;
    expect(f.web.uses.map((u) => [u.use, u.words])).toEqual(f.popup.uses.map((u) => [u.use, u.words]));
    if (f.popup.reading.borrowed) return;
    expect(Object.fromEntries(f.popup.uses.map((u) => [u.use, u.verdict]))).toEqual({
      training: row.training,
      search: row.search,
      inference: row.inference,
    });
    const b = f.extras.bots;
    expect([...row.ai_bots_blocked].sort()).toEqual([...tokens(b.blocked), ...tokens(b.blockedByWildcard)].sort());
    expect([...row.ai_bots_partial].sort()).toEqual(tokens(b.partial));
    expect([...row.ai_bots_let_in].sort()).toEqual(tokens(b.letIn));
    expect([...row.ai_bots_no_rule].sort()).toEqual(tokens(b.noRule));
    expect([...row.tools_blocked].sort()).toEqual(tokens(b.alsoBlocked));
  });

  it('the overview counts each site by the stance its page tells (Unknown apart from No AI rules)', async () => {
    const res = await gw.get('/preview/v1/stats');
    expect(res.status).toBe(200);
    const stats = StatsResponseSchema.parse(await res.json());
    const byPopup = Object.fromEntries(TOLD_STANCES.map((s) => [s, 0])) as Record<ToldStance, number>;
    for (const f of faces.values()) byPopup[f.popup.reading.told]++;
    expect(stats.total_domains).toBe(HOSTS.length);
    expect(stats.by_told).toEqual(byPopup);
  });

  it('the audit report counts the same stances as its rows', () => {
    const report = readFileSync(join(outDir, 'out', 'report.html'), 'utf8');
    const counted = new Map<ToldStance, number>();
    for (const r of rows.values()) counted.set(r.told!, (counted.get(r.told!) ?? 0) + 1);
    expect([...rows.keys()].sort()).toEqual(HOSTS);
    const table = report.slice(report.indexOf('<caption>Sites per stance</caption>'));
    for (const told of TOLD_STANCES) {
      const label = TOLD_LABELS[told]().replace(/&/g, '&amp;');
      expect(table).toContain(`<tr><th scope="row">${label}</th><td>${counted.get(told) ?? 0}</td>`);
    }
  });
});
