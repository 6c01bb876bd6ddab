/**
 * `npm run check` as a real child process: URLs on stdin, one JSON line (or CSV row) per URL on
 * stdout, read from the registry of DATA_DIR and crawling what it lacks from fixture sites on
 * 127.0.0.1 (CRAWL_OVERRIDES); the same answers as POST /v1/check; bad lines named on stderr.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckResultSchema } from '../../../shared/check-api.js';
import { startFixtureFarm, type FixtureFarm } from '../../fixtures/farm.js';
import { PATHS_SITE } from '../../fixtures/check-sites.js';
import { BIDI_RULE, HOSTILE_SITES } from '../../fixtures/hostile-sites.js';
import { tempDir } from '../gateway/helpers.js';

const ROOT = new URL('../../../', import.meta.url).pathname;

function check(
  args: string[],
  stdin: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'proxy/service/check-cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d) => (stdout += String(d)));
  proc.stderr.on('data', (d) => (stderr += String(d)));
  proc.stdin.end(stdin);
  return new Promise((resolve) => proc.on('close', (code) => resolve({ code, stdout, stderr })));
}

const URLS = [
  'https://paths.test/news/x',
  'https://paths.test/shopping/tv',
  '# a comment',
  '',
  'https://paths.test/story/1',
  'https://paths.test/a.jpg',
];

describe('npm run check', () => {
  let farm: FixtureFarm;
  let env: Record<string, string>;
  const dir = tempDir('check-cli-');
  beforeAll(async () => {
    farm = await startFixtureFarm({
      'paths.test': PATHS_SITE,
      'other.test': PATHS_SITE,
      'bidi.hostile.test': HOSTILE_SITES['bidi.hostile.test'],
    });
    env = { CRAWL_OVERRIDES: farm.overrides(), DATA_DIR: dir.path };
  });
  afterAll(async () => {
    await farm.close();
    dir.remove();
  });

  it('prints one JSON line per URL, crawling a domain the registry lacks, then reading it from the registry', async () => {
    const first = await check(['--bot', 'GPTBot', '--use', 'training'], URLS.join('\n'), env);
    expect(first.code).toBe(0);
    const lines = first.stdout
      .trim()
      .split('\n')
      .map((l) => CheckResultSchema.parse(JSON.parse(l)));
    expect(lines.map((r) => [r.url, r.verdict, r.decided_by?.source, r.decided_by?.line ?? null])).toEqual([
      ['https://paths.test/news/x', 'blocked', 'tdmrep', null],
      ['https://paths.test/shopping/tv', 'allowed', 'tdmrep', null],
      ['https://paths.test/story/1', 'blocked', 'robots_txt', 33],
      ['https://paths.test/a.jpg', 'blocked', 'ai_txt', 2],
    ]);
    expect(first.stderr).toMatch(/^checked 4 URLs of 1 domain in [\d.]+ s; 1 crawled now\n$/);
    const farmHits = farm.requests.length;
    const second = await check(['--bot=GPTBot', '--use=training'], URLS.join('\n'), env);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toMatch(/; 0 crawled now\n$/);
    expect(farm.requests.length).toBe(farmHits);
  });

  it('CSV under a header; --no-crawl leaves a new domain queued; a bad line is named and the run ends with 1', async () => {
    const r = await check(
      ['--use', 'inference', '--csv', '--no-crawl'],
      'https://paths.test/shopping/tv\nhttps://other.test/x\nftp://paths.test/\n',
      env,
    );
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      'url,domain,verdict,explicit,source,line,evidence,reason,found,queued,last_updated,bots',
      expect.stringMatching(
        /^https:\/\/paths\.test\/shopping\/tv,paths\.test,partial,false,robots_txt,\d+,Disallow: \/,,true,,20\d\d-[^,]+,ChatGPT-User=allowed Claude-User=blocked Perplexity-User=allowed$/,
      ),
      'https://other.test/x,other.test,unknown,false,,,,not_in_registry,false,true,,',
      '',
    ]);
    expect(r.stderr).toContain('line 3: "ftp://paths.test/" is not an http or https URL.');
  });

  it('a robots.txt line with bidi characters: escaped in JSON (the same value), shown as code points in CSV (issue 33)', async () => {
    const url = `https://bidi.hostile.test${encodeURI(BIDI_RULE)}x`;
    const json = await check(['--bot', 'GPTBot'], url, env);
    expect(json.code).toBe(0);
    expect(json.stdout).not.toMatch(/[\u202A-\u202E]/);
    expect(json.stdout).toContain('"evidence":"Disallow: /private\\u202eevil\\u202c/"');
    expect(CheckResultSchema.parse(JSON.parse(json.stdout)).decided_by?.evidence).toBe(`Disallow: ${BIDI_RULE}`);
    const csv = await check(['--bot', 'GPTBot', '--csv'], url, env);
    expect(csv.stdout).not.toMatch(/[\u202A-\u202E]/);
    expect(csv.stdout).toContain(
      ',blocked,false,robots_txt,2,Disallow: /private\u27E8U+202E\u27E9evil\u27E8U+202C\u27E9/,',
    );
  });

  it('bad options: a message and exit code 2', async () => {
    const r = await check(['--bot', 'FooBot'], '', env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^--bot: "FooBot" is not an AI bot/);
    expect((await check([], '', env)).stderr).toMatch(/^Give bot, use or both/);
    expect((await check(['--frobnicate'], '', env)).code).toBe(2);
  });
});
