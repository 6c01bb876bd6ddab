/** The per-crawl resolver: checks every answer, pins the first, never asks twice. */
import { describe, expect, it } from 'vitest';
import { parseCrawlOverrides } from '../../../proxy/crawler/overrides.js';
import { createPinnedResolver, type Lookup } from '../../../proxy/crawler/pinned-resolver.js';

function sequence(answers: Record<string, string[][]>): { lookup: Lookup; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    lookup: async (name) => {
      const n = calls.filter((c) => c === name).length;
      calls.push(name);
      const list = answers[name];
      if (!list) throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
      return list[Math.min(n, list.length - 1)]!;
    },
  };
}

describe('createPinnedResolver', () => {
  it('pins the first answer: a rebinding second answer is never asked for', async () => {
    const dns = sequence({ 'rebind.example.com': [['93.184.216.34'], ['127.0.0.1']] });
    const r = createPinnedResolver([], dns.lookup);
    const answers = await Promise.all([
      r.resolve('rebind.example.com'),
      r.resolve('REBIND.example.com.'),
      r.resolve('rebind.example.com'),
    ]);
    for (const a of answers) expect(a).toEqual({ ok: true, address: '93.184.216.34', port: null });
    expect(dns.calls).toEqual(['rebind.example.com']);
  });

  it('prefers IPv4 among allowed answers', async () => {
    const dns = sequence({ 'dual.example.com': [['2606:4700::1', '104.16.0.1']] });
    expect(await createPinnedResolver([], dns.lookup).resolve('dual.example.com')).toMatchObject({
      address: '104.16.0.1',
    });
  });

  it('refuses when any answer is forbidden', async () => {
    const dns = sequence({ 'mixed.example.com': [['8.8.8.8', '10.0.0.1']] });
    expect(await createPinnedResolver([], dns.lookup).resolve('mixed.example.com')).toMatchObject({
      ok: false,
      kind: 'refused',
      reason: expect.stringContaining('mixed.example.com resolves to 10.0.0.1'),
    });
  });

  it('checks literals without DNS', async () => {
    const dns = sequence({});
    const r = createPinnedResolver([], dns.lookup);
    expect(await r.resolve('[::1]')).toMatchObject({ kind: 'refused' });
    expect(await r.resolve('1.1.1.1')).toEqual({ ok: true, address: '1.1.1.1', port: null });
    expect(dns.calls).toEqual([]);
  });

  it.each(['x.invalid', 'a.test', 'example', 'printer.local', 'x.onion', 'nas.home.arpa', 'db.internal', 'intranet'])(
    'fails %s as dns without a query',
    async (name) => {
      const dns = sequence({ [name]: [['8.8.8.8']] });
      expect(await createPinnedResolver([], dns.lookup).resolve(name)).toMatchObject({ ok: false, kind: 'dns' });
      expect(dns.calls).toEqual([]);
    },
  );

  it('turns resolver errors and empty answers into dns failures', async () => {
    const dns = sequence({ 'empty.example.com': [[]] });
    const r = createPinnedResolver([], dns.lookup);
    expect(await r.resolve('gone.example.com')).toMatchObject({
      kind: 'dns',
      message: expect.stringContaining('ENOTFOUND'),
    });
    expect(await r.resolve('empty.example.com')).toMatchObject({
      kind: 'dns',
      message: expect.stringContaining('no address'),
    });
  });

  it('sends overridden names to the override target, private or not, with its port', async () => {
    const dns = sequence({ 'farm.internal': [['10.9.8.7']] });
    const r = createPinnedResolver(
      parseCrawlOverrides('*.test=http://127.0.0.1:4000,site.example.com=http://farm.internal:81'),
      dns.lookup,
    );
    expect(await r.resolve('a.test')).toEqual({ ok: true, address: '127.0.0.1', port: 4000 });
    expect(await r.resolve('site.example.com')).toEqual({ ok: true, address: '10.9.8.7', port: 81 });
  });
});
