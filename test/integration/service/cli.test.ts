/** `npm run lookup -- <domain> [--json]` as a real child process against fixture sites. */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FullRecordSchema } from '../../../shared/schemas.js';
import { html, startFixtureFarm, text, type FixtureFarm } from '../../fixtures/farm.js';
import { STANCE_SITES, sitesOf } from '../../fixtures/stance-sites.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

function lookup(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
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
    // The popup's story in the popup's words (shared/reading/story.ts): silence is "Not restricted",
    // the deciding line is named, terms silent on AI are a note, identifiers only on the record line.
    for (const words of [
      'training.test',
      'Blocks AI training: The site refuses the use of its content to train AI models.',
      'robots.txt was read.',
      /AI training {2}Blocked, by robots\.txt \(line \d+\)/,
      'AI search    Not restricted',
      'AI bots blocked by name:\n  OpenAI: GPTBot (AI training)\n  Anthropic: ClaudeBot (AI training)\n  Google: Google-Extended (AI training)\n  Common Crawl: CCBot (AI training)\n',
      '  - robots.txt (decides AI training)',
      '  - The terms of service say nothing about using the content for AI.',
      'Terms of service  http://training.test/terms',
    ]) {
      if (typeof words === 'string') expect(r.stdout).toContain(words);
      else expect(r.stdout).toMatch(words);
    }
    expect(r.stdout).not.toContain('Conflict');
    const [body, record] = r.stdout.split(/\nChecked /);
    expect(body).not.toMatch(/\b[a-z]+(?:_[a-z0-9]+)+\b/);
    expect(record).toMatch(/Record: blocks_training \/ blocks_training/);
  });

  it('an unread robots.txt is Unknown, never "no robots.txt"; an IDN host in Unicode', async () => {
    const r = await lookup(['robots-blocked.test'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^Unknown: robots\.txt could not be read \((HTTP 403, )?access refused\), so the site’s AI rules are not known\.$/m,
    );
    expect(r.stdout).toMatch(/AI training {2}Unknown, robots\.txt could not be read/);
    expect(r.stdout).not.toMatch(/no robots\.txt|Openness/i);
    // A robots.txt answering 5xx holds the homepage back (RFC 9309): its terms were never looked for.
    const held = await lookup(['server-error.test'], env);
    expect(held.stdout).toContain('Terms of service  Not fetched: robots.txt could not be read');
    expect(held.stdout).toContain('Homepage          not fetched: robots.txt could not be read');
    // A fact of a homepage never fetched is not known, never "none seen" (docs/policy.md section 16).
    expect(held.stdout).toContain('Paywall           Not known (not fetched: robots.txt could not be read)');
    const idn = await lookup(['bücher.test'], env);
    expect(idn.stdout.split('\n')[0]).toBe('bücher.test (xn--bcher-kva.test)');
  });

  it('a homepage that links no terms: "none linked from the homepage", not a terms label', async () => {
    farm.set('no-terms.test', {
      routes: {
        '/': html('<!doctype html><title>No Terms</title><p>Hello.</p>'),
        '/robots.txt': text('User-agent: *\nDisallow: /private/\n'),
      },
    });
    const r = await lookup(['no-terms.test'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Terms of service  None linked from the homepage, none at /terms, /terms-of-service, /legal or /tos\n',
    );
  });

  it('--json prints the full record', async () => {
    const r = await lookup(['--json', 'Signals.Test'], env);
    expect(r.code).toBe(0);
    const full = FullRecordSchema.parse(JSON.parse(r.stdout));
    expect(full).toMatchObject({ domain: 'signals.test', policy_detail: 'has_signals', agents_json_exists: true });
  });

  it.each([[[]], [['not a domain']], [['127.0.0.1']], [['a.test', 'b.test']], [['--frobnicate', 'a.test']]])(
    'bad input %j → message and exit 2',
    async (args) => {
      const r = await lookup(args, env);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/Usage: npm run lookup/);
      expect(r.stdout).toBe('');
    },
  );

  it('a bad CRAWL_OVERRIDES is a configuration error, exit 2', async () => {
    const r = await lookup(['a.test'], { CRAWL_OVERRIDES: 'nonsense' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Configuration error/);
  });
});
