/**
 * `npm run lookup`'s text (proxy/service/cli-format.ts) shows the invisible and bidi characters
 * of crawled text as `⟨U+XXXX⟩` (issue 33): a terminal would otherwise draw them reordered.
 */
import { describe, expect, it } from 'vitest';
import { formatAnalysis } from '../../../proxy/service/cli-format.js';
import { fullRecordOf, summaryRecord } from '../../fixtures/records.js';
import { BIDI_ROBOTS } from '../../fixtures/hostile-sites.js';

describe('formatAnalysis', () => {
  it('shows bidi and zero-width characters of crawled values as code points', () => {
    const site = {
      ranklist_rank: null,
      cdn: null,
      cms: 'Word\u202EsserP\u202C\u200B',
      behind_cdnvendor: false,
      has_paywall: false,
      has_tos: false,
      tos_url: null,
    };
    const out = formatAnalysis(
      fullRecordOf('bidi.test', { robots_txt: BIDI_ROBOTS, cms: site.cms }),
      summaryRecord('bidi.test', { site }),
    );
    expect(out).toContain('Word\u27E8U+202E\u27E9sserP\u27E8U+202C\u27E9\u27E8U+200B\u27E9');
    expect(out).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/);
  });
});
