/**
 * sites.csv and bots.csv are RFC 4180: checked by parsing them back with csv-parse (another
 * implementation of the same RFC), including fields with commas, quotes, line breaks and
 * spaces, for any text (fast-check).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { botsCsv, csvCells, SITE_COLUMNS, writeSiteTables } from '../../../../proxy/audit/output/tables.js';
import { addRow, emptyTally } from '../../../../proxy/audit/output/tally.js';
import type { SiteRow } from '../../../../proxy/audit/site-row.js';
import { row } from './helpers/rows.js';

async function roundTrip(rows: SiteRow[]) {
  const dir = mkdtempSync(join(tmpdir(), 'audit-tables-'));
  try {
    const tally = emptyTally();
    await writeSiteTables(rows, join(dir, 's.csv'), join(dir, 's.jsonl'), tally);
    const raw = readFileSync(join(dir, 's.csv'), 'utf8');
    const csv = parse<Record<string, string>>(raw, { columns: true });
    const jsonl = readFileSync(join(dir, 's.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as SiteRow);
    return { raw, csv, jsonl, tally };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('sites.csv and sites.jsonl', () => {
  it('quote what needs quoting and parse back to the same values', async () => {
    const awkward = row('a.example', {
      failure: 'robots.txt: "server error", HTTP 503\r\nthen nothing',
      tos_url: 'https://a.example/terms?x=1,2',
      ai_bots_blocked: ['ChatGPT Agent', 'GPTBot'],
      conflicts: ['robots_blocks_ai_but_tos_allows_or_silent'],
    });
    const { raw, csv, jsonl } = await roundTrip([
      awkward,
      row('b.example'),
      { ...row('c.example'), status: 'pending', stance: null },
    ]);
    expect(raw.split('\r\n')[0]).toBe(SITE_COLUMNS.join(','));
    expect(csv[0]).toMatchObject({
      failure: awkward.failure,
      tos_url: awkward.tos_url,
      ai_bots_blocked: 'ChatGPT Agent;GPTBot',
      has_robots_txt: 'true',
      has_llms_txt: 'false',
      confidence: '1',
      rank: '',
    });
    expect(csv[2]!.has_robots_txt).toBe('');
    expect(jsonl[0]).toEqual(awkward);
  });

  it('round-trips any text in any text column', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        async (failure, url) => {
          const r = row('x.example', { failure, tos_url: url });
          const { csv, jsonl } = await roundTrip([r]);
          expect(csv[0]!.failure).toBe(failure);
          expect(csv[0]!.tos_url).toBe(url);
          expect(jsonl[0]).toEqual(r);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives one cell per column, and writes only the header for no rows', async () => {
    expect(csvCells(row('a.example'))).toHaveLength(SITE_COLUMNS.length);
    const { raw, jsonl } = await roundTrip([]);
    expect(raw).toBe(SITE_COLUMNS.join(',') + '\r\n');
    expect(jsonl).toEqual([]);
  });
});

describe('bots.csv', () => {
  it('counts naming, blocking by name and through *, partly blocking, allowing, of the sites whose robots.txt was read', () => {
    const t = emptyTally();
    addRow(
      t,
      row('named.example', {
        ai_bots_named: ['GPTBot', 'ClaudeBot'],
        ai_bots_blocked: ['GPTBot', 'CCBot'],
        ai_bots_partial: ['ClaudeBot'],
      }),
    );
    addRow(t, row('star.example', { ai_bots_blocked: ['GPTBot'] }));
    addRow(t, row('open.example', { ai_bots_named: ['GPTBot'], ai_bots_allowed: ['GPTBot'] }));
    addRow(t, row('weird.example', { ai_bots_named: ['grok-crawler'], ai_bots_blocked: ['grok-crawler'] }));
    addRow(t, row('unread.example', { robots_txt_status: 'error', ai_bots_blocked: ['GPTBot'] }));
    const lines = parse<Record<string, string>>(botsCsv(t), { columns: true });
    const gpt = lines.find((l) => l.token === 'GPTBot')!;
    expect(gpt).toMatchObject({
      sites_naming: '2',
      sites_blocking: '2',
      sites_blocking_by_name: '1',
      sites_allowing_by_name: '1',
      sites_robots_read: '4',
      share_blocking: '0.5',
      key_use_case: 'training',
      in_catalogue: 'true',
    });
    expect(lines.find((l) => l.token === 'ClaudeBot')).toMatchObject({
      sites_naming: '1',
      sites_blocking: '0',
      sites_partly_blocking: '1',
    });
    expect(lines.find((l) => l.token === 'grok-crawler')).toMatchObject({
      in_catalogue: 'false',
      sites_blocking_by_name: '1',
    });
    expect(lines[0]!.token).toBe('GPTBot');
  });
});
