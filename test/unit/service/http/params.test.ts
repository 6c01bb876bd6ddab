import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../../proxy/lib/http-error.js';
import { previewSearchParams as parseSearchParams } from '../../../../proxy/service/http/params.js';

describe('parseSearchParams', () => {
  const code = (q: Record<string, unknown>) => {
    try {
      parseSearchParams(q);
      return 'ok';
    } catch (e) {
      expect(e).toBeInstanceOf(HttpError);
      const h = e as HttpError;
      return `${h.status} ${h.code} ${h.message}`;
    }
  };

  it('defaults limit 20 and offset 0; open and allows_all both mean allows_all', () => {
    expect(parseSearchParams({})).toEqual({ limit: 20, offset: 0 });
    expect(parseSearchParams({ stance: 'open' }).stance).toBe('allows_all');
    expect(parseSearchParams({ stance: 'allows_all' }).stance).toBe('allows_all');
    expect(
      parseSearchParams({ blocks: 'GPTBot', allows: 'ChatGPT Agent', cdn: 'CloudFlare', q: 'News.Test' }),
    ).toMatchObject({
      blocks: 'gptbot',
      allows: 'chatgpt agent',
      cdn: 'cloudflare',
      q: 'news.test',
    });
    expect(parseSearchParams({ min_score: '0', max_score: '100', limit: '100', offset: '10000' })).toMatchObject({
      min_score: 0,
      max_score: 100,
      limit: 100,
      offset: 10000,
    });
  });

  it.each([
    [{ stance: 'allows' }, 'stance'],
    [{ stance: '' }, 'stance'],
    [{ blocks: '<script>' }, 'blocks'],
    [{ allows: '' }, 'allows'],
    [{ standard: 'robots' }, 'standard'],
    [{ min_score: '-1' }, 'min_score'],
    [{ max_score: '101' }, 'max_score'],
    [{ max_score: '1.5' }, 'max_score'],
    [{ min_score: '60', max_score: '50' }, 'min_score'],
    [{ cdn: 'a'.repeat(65) }, 'cdn'],
    [{ cms: '%' }, 'cms'],
    [{ q: 'a' }, 'q'],
    [{ q: 'a b' }, 'q'],
    [{ q: 'x%' }, 'q'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ offset: '-5' }, 'offset'],
    [{ offset: '10001' }, 'offset'],
    [{ stance: ['open', 'selective'] }, 'stance'],
    [{ blocks: { $ne: 1 } }, 'blocks'],
    [{ sort: 'name' }, 'sort'],
  ])('%j → 400 invalid_params naming %s', (q, name) => {
    expect(code(q)).toMatch(new RegExp(`^400 invalid_params ${name}: `));
  });
});

describe('search text is matched the way names are stored', () => {
  it('announced search turns an IDN label into punycode', () => {
    expect(parseSearchParams({ q: 'bücher.de' }).q).toBe('xn--bcher-kva.de');
  });
});
