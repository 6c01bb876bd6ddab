import { afterEach, describe, expect, it } from 'vitest';
import type { Domain } from '../../shared/domain.js';
import { forgetLookups, MAX_RECENT, recentLookups, rememberLookup } from '../../web/src/recent.js';

afterEach(() => localStorage.clear());
const d = (s: string) => s as Domain;

describe('recent lookups (this browser only)', () => {
  it('keeps the newest first, each domain once, at most MAX_RECENT', () => {
    for (let i = 0; i < MAX_RECENT + 3; i++) rememberLookup(d(`site${i}.test`), 'no_ai_rules', i);
    rememberLookup(d('site5.test'), 'blocks_training', 100);
    const list = recentLookups();
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]).toEqual({ domain: 'site5.test', told: 'blocks_training', at: 100 });
    expect(list.filter((r) => r.domain === 'site5.test')).toHaveLength(1);
  });

  it('survives what it cannot read, and forgets on request', () => {
    localStorage.setItem('lens:recent', '{not json');
    expect(recentLookups()).toEqual([]);
    localStorage.setItem('lens:recent', JSON.stringify([{ domain: 'a.test', told: null, at: 1 }, { nope: true }, 'x']));
    expect(recentLookups()).toEqual([{ domain: 'a.test', told: null, at: 1 }]);
    // An entry an older page kept with the seed's stance: the name alone, never a guessed label.
    localStorage.setItem('lens:recent', JSON.stringify([{ domain: 'b.test', stance: 'no_policy', at: 2 }]));
    expect(recentLookups()).toEqual([{ domain: 'b.test', told: null, at: 2 }]);
    forgetLookups();
    expect(recentLookups()).toEqual([]);
  });
});
