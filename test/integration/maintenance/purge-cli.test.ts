/**
 * `npm run purge` (issue 13): forgets named domains, or every domain no one looked up for N
 * days (with --dry-run to list them first), on the registry a running service uses; the
 * service answers a purged domain as unknown at once. Bad input is a message and exit code 2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../proxy/service/store/sqlite/open.js';
import { T0, storeCrawl } from '../../helpers/maintenance-contract.js';
import { until } from '../../helpers/until.js';
import { run, serve, type Server } from './run.js';

const purge = (dataDir: string, ...args: string[]) =>
  run('proxy/service/maintenance-cli.ts', ['purge', ...args], { DATA_DIR: dataDir });

describe('npm run purge', () => {
  let dataDir: string;
  let service: Server | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'purge-cli-'));
    const store = openSqliteStore(dataDir);
    // Stored in January 2026: unused for months by the time this runs, except the one read now.
    for (const d of ['gone.test', 'old-a.test', 'old-b.test', 'read.test'])
      await storeCrawl(store, d, T0, 'blocks_training');
    await store.maintenance.markLookedUp(['read.test'], Date.now());
    await store.close();
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('forgets a named domain while the service runs; the service answers it as unknown', async () => {
    // *.test leads nowhere (a closed port): a domain looked up again is a failed check, never a DNS query.
    service = await serve('proxy/service/main.ts', { DATA_DIR: dataDir, CRAWL_OVERRIDES: '*.test=http://127.0.0.1:1' });
    const signup = await fetch(`${service.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.org' }),
    });
    const { api_key: key } = (await signup.json()) as { api_key: string };
    const lookup = async (d: string) =>
      (await (
        await fetch(`${service!.url}/v1/domain/${d}`, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as { found: boolean };
    expect((await lookup('gone.test')).found).toBe(true);

    const r = await purge(dataDir, 'GONE.test', 'never.test');
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'Forgot gone.test.\nnever.test: nothing was kept about it.\n',
    });
    expect(await lookup('gone.test')).toEqual({ domain: 'gone.test', found: false, queued: true });
    // Looked up again, it is analysed again: a new record (here the failed check of an unreachable site).
    await until(async () => ((await lookup('gone.test')).found ? true : undefined), 20_000);
    await service.stop();
    service = undefined;
  });

  it('lists, then forgets, every domain no one looked up for N days', async () => {
    const dry = await purge(dataDir, '--unused-days', '30', '--dry-run');
    expect(dry.code).toBe(0);
    // gone.test was looked up again above: it counts from then.
    expect(dry.stdout).toBe('2 domains not looked up for 30 days:\n  old-a.test\n  old-b.test\n');
    const r = await purge(dataDir, '--unused-days', '30');
    expect(r).toMatchObject({ code: 0, stdout: 'Forgot 2 domains no one looked up for 30 days.\n' });
    expect((await purge(dataDir, '--unused-days', '1', '--dry-run')).stdout).toBe(
      'Every domain was looked up in the last 1 day.\n',
    );
    const store = openSqliteStore(dataDir);
    try {
      expect((await store.records.search({ q: 'test', limit: 10, offset: 0 })).results.map((x) => x.domain)).toEqual([
        'gone.test',
        'read.test',
      ]);
    } finally {
      await store.close();
    }
  });

  it.each([
    [[], 'Give the domains to forget, or --unused-days N.'],
    [['--unused-days', 'soon'], '--unused-days takes a whole number of days, 1 or more; got "soon".'],
    [['--unused-days', '0'], '--unused-days takes a whole number of days, 1 or more; got "0".'],
    [['a.test', '--unused-days', '3'], 'Give either domains or --unused-days, not both.'],
    [['a.test', '--dry-run'], '--dry-run goes with --unused-days.'],
    [['https://a.test/'], '"https://a.test/" is not a domain'],
    [['--everything'], "Unknown option '--everything'"],
  ])('purge %j is refused with a message and exit code 2', async (args, message) => {
    const r = await purge(dataDir, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('Usage:');
  });

  it('a folder without a registry, or an unknown command, is refused', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'purge-cli-empty-'));
    try {
      const r = await purge(empty, 'a.test');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${empty} holds no registry.sqlite: nothing to purge.`);
      expect(
        (await run('proxy/service/maintenance-cli.ts', ['backup', join(empty, 'b')], { DATA_DIR: empty })).stderr,
      ).toContain('holds no database');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    const unknown = await run('proxy/service/maintenance-cli.ts', ['restore'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "restore".');
    const help = await run('proxy/service/maintenance-cli.ts', ['--help'], {});
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('npm run backup -- FOLDER');
  });
});
