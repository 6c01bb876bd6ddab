/** `npm run lookup -- <domain> [--json]` as a real child process against fixture sites. */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullRecordSchema } from '../../../shared/schemas.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { STANCE_SITES, sitesOf } from '../../fixtures/stance-sites.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

function lookup(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'proxy/service/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d) => (stdout += String(d)));
  proc.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve) => proc.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('lookup CLI', () => {
  let farm: FixtureFarm;
  let env: Record<string, string>;
  beforeAll(async () => {
    farm = await startFixtureFarm(sitesOf(STANCE_SITES));
    env = { CRAWL_OVERRIDES: farm.overrides() };
  });
  afterAll(() => farm.close());

  it('prints a readable summary', async () => {
    const r = await lookup(['training.test'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const words of [
      'training.test',
      'Stance:  Blocks AI training (blocks_training)',
      'AI training  Blocked (blocked)',
      'AI search    Allowed (allowed)',
      'Bots blocked: GPTBot, ClaudeBot, Google-Extended, CCBot',
      '[x] robots.txt',
      '[ ] llms.txt',
      'Conflicts:',
      'robots.txt and terms disagree',
      'terms of service  http://training.test/terms',
    ]) {
      expect(r.stdout).toContain(words);
    }
  });

  it('--json prints the full record', async () => {
    const r = await lookup(['--json', 'Signals.Test'], env);
    expect(r.code).toBe(0);
    const full = FullRecordSchema.parse(JSON.parse(r.stdout));
    expect(full).toMatchObject({ domain: 'signals.test', policy_detail: 'has_signals', agents_json_exists: true });
  });

  it.each([[[]], [['not a domain']], [['127.0.0.1']], [['a.test', 'b.test']], [['--frobnicate', 'a.test']]])('bad input %j → message and exit 2', async (args) => {
    const r = await lookup(args, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: npm run lookup/);
    expect(r.stdout).toBe('');
  });

  it('a bad CRAWL_OVERRIDES is a configuration error, exit 2', async () => {
    const r = await lookup(['a.test'], { CRAWL_OVERRIDES: 'nonsense' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Configuration error/);
  });
});
