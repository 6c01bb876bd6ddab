/**
 * The audit over the RSL fixture sites (test/fixtures/rsl-sites.ts), run in this process as
 * `npm run audit` runs it, the real crawler fetching each licence from the farm on 127.0.0.1:
 * sites.csv has a column per use saying what the licence says of it (and the payments asked),
 * and report.html counts the licence among the standards adopted and says, per use, how many
 * licences prohibit it, ask a licence, allow it, or could not be read.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_COLUMNS } from '../../../proxy/audit/output/tables.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { RSL_SITES } from '../../fixtures/rsl-sites.js';
import { auditInProcess, type InProcessAudit } from './harness.js';

const HOSTS = Object.keys(RSL_SITES);
let farm: FixtureFarm;
let dir: string;
let run: InProcessAudit;

beforeAll(async () => {
  farm = await startFixtureFarm(Object.fromEntries(HOSTS.map((h) => [h, RSL_SITES[h]!.site])));
  dir = mkdtempSync(join(tmpdir(), 'audit-rsl-'));
  writeFileSync(join(dir, 'list.csv'), HOSTS.map((h, i) => `${i + 1},${h}`).join('\n') + '\n');
  run = await auditInProcess({ list: join(dir, 'list.csv'), out: join(dir, 'out') }, { overrides: farm.overrides() });
}, 120_000);

afterAll(async () => {
  await run?.close();
  await farm?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an audit of sites that publish RSL licences', () => {
  it('sites.csv says per use what each licence says, and the payments it asks', () => {
    const csv = parse<Record<string, string>>(readFileSync(join(dir, 'out', 'sites.csv')), {
      columns: true,
      record_delimiter: '\r\n',
    });
    expect(Object.keys(csv[0]!)).toEqual([...SITE_COLUMNS]);
    const rows = new Map(csv.map((r) => [r.domain, r]));
    for (const host of HOSTS) {
      const s = RSL_SITES[host]!;
      const want = (u: 'training' | 'search' | 'inference') =>
        s.licence.state === 'read' ? (s.licence.uses[u] ?? '') : 'not_read';
      expect(rows.get(host), host).toMatchObject({
        has_rsl: 'true',
        training: s.use_cases.training,
        rsl_training: want('training'),
        rsl_search: want('search'),
        rsl_inference: want('inference'),
      });
    }
    expect(rows.get('rsl-paid.test')!.rsl_payments).toBe('crawl 0.001 USD');
    expect(rows.get('rsl-crawl.test')!.rsl_payments).toBe('crawl 0.015 USD');
    expect(rows.get('rsl-train.test')!.rsl_payments).toBe('');
  });

  it('report.html counts the licence as a standard adopted and what the licences say per use', () => {
    const report = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    const table = report.slice(report.indexOf('What the RSL licences say, per use'));
    expect(table).toContain('5 sites name one');
    const row = (use: string) =>
      [...table.slice(table.indexOf(`<th scope="row">${use}</th>`)).matchAll(/<td[^>]*>([^<]*)<\/td>/g)]
        .slice(0, 6)
        .map((m) => m[1]);
    // Prohibited, Licence required, free, attribution, not read, says nothing.
    expect(row('AI training')).toEqual(['3', '1', '0', '0', '1', '0']);
    expect(row('AI search')).toEqual(['1', '2', '0', '0', '1', '1']);
    expect(row('AI answers')).toEqual(['1', '1', '0', '1', '1', '1']);
  });
});
