/**
 * No English escapes the message mechanism (issue 13). A pseudo-locale stands in for a
 * translation: `i18n.getMessage` answers from `_locales/en/messages.json` the way the browser
 * reads it (placeholders, then substitutions), with every letter of the message swapped for a
 * look-alike outside ASCII and the whole wrapped in ⟦…⟧. It is installed through the real
 * path, lib/i18n.ts on the fake browser's i18n API, and the popup is rendered for a few
 * representative records, every tab, plus the badge titles, the notices and the options page.
 * Any ASCII letter left in what a person reads is English that did not go through t() or
 * say(); only data is exempt: host names and addresses, code and evidence (code, pre), dates
 * and times (Intl: <time>, and the popup is given Russian for them), file names, the bot catalogue's operators and descriptions, the gateway's
 * own words (history changes, a failed check's cause) and a site's CDN and CMS names.
 */
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { OptionsForm } from '../../extension/components/options-form.js';
import { PopupView, type PopupState } from '../../extension/components/popup-view.js';
import { badgeFor } from '../../extension/lib/badge.js';
import * as views from '../../extension/components/with-full-record.js';
import { readBots } from '../../shared/reading/read-bots.js';
import { failureAdvice } from '../../extension/lib/gateway-client.js';
import { installBrowserLanguage } from '../../extension/lib/browser-language.js';
import { t } from '../../extension/lib/i18n.js';
import { pathVerdicts } from '../../extension/lib/path-verdicts.js';
import type { Extras } from '../../extension/lib/popup-data.js';
import { DEFAULT_GATEWAY_URL } from '../../extension/lib/settings.js';
import { normalizeDomain } from '../../shared/domain.js';
import { say, setTranslator } from '../../shared/say.js';
import type { DomainPolicyFound, FullRecord, PathRules } from '../../shared/schemas.js';
import { announced, fullRecord, history, policy } from './helpers/records.js';

interface Message {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
const EN = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../extension/public/_locales/en/messages.json'), 'utf8'),
) as Record<string, Message>;

const LOWER = 'áƀçđéƒğĥíĵķĺɱñóþʠŕšŧúṽŵẋýž';
const UPPER = 'ÁƁÇĐÉƑĞĤÍĴĶĹṀÑÓÞǪŔŠŦÚṼŴẊÝŽ';
const swap = (s: string): string =>
  s
    .replace(/[a-z]/g, (c) => [...LOWER][c.charCodeAt(0) - 97]!)
    .replace(/[A-Z]/g, (c) => [...UPPER][c.charCodeAt(0) - 65]!);

/** chrome.i18n.getMessage over the pseudo-locale: `$name$` placeholders to their content, then `$1`… to the substitutions. */
function pseudoMessage(key: string, subs?: string | string[]): string {
  const m = EN[key];
  if (!m) throw new Error(`no message "${key}" in _locales/en`);
  const text = `\u27e6${m.message
    .split(/(\$[A-Za-z0-9_]+\$)/)
    .map((part, i) => (i % 2 ? part : swap(part)))
    .join('')}\u27e7`;
  const args = typeof subs === 'string' ? [subs] : (subs ?? []);
  return text
    .replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => m.placeholders![name.toLowerCase()]!.content)
    .replace(/\$([1-9])/g, (_, n: string) => args[Number(n) - 1] ?? '');
}

beforeAll(() => {
  (fakeBrowser.i18n as unknown as { getMessage: typeof pseudoMessage }).getMessage = pseudoMessage;
  installBrowserLanguage();
});
afterAll(() => setTranslator(null));
afterEach(cleanup);

/** The exemptions above, by element and by content. */
const DATA_ELEMENTS = 'code, pre, time, .operator, .desc, .changes, [data-testid="domain"]';
const FILE_NAME = /\b[\w-]+\.(?:txt|json)\b/g;
const ADDRESS = /\bhttps?:\/\/[^\s)]+/g;
const TAG_NAMES = /\b(?:noai|noimageai)\b/g;

function escaped(text: string, data: readonly string[]): string | null {
  let rest = text.replace(ADDRESS, '').replace(FILE_NAME, '').replace(TAG_NAMES, '');
  for (const d of data) rest = rest.split(d).join('');
  return /[A-Za-z]/.test(rest) ? text : null;
}

/** Every visible text node and every title and aria-label under `root` that holds English. */
function english(root: Element, data: readonly string[]): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.parentElement?.closest(DATA_ELEMENTS)) continue;
    const e = escaped(n.textContent ?? '', data);
    if (e) out.push(e);
  }
  for (const el of root.querySelectorAll('[title], [aria-label]')) {
    // A bot's title is its catalogue description.
    if (el.closest('.bots')) continue;
    for (const a of ['title', 'aria-label']) {
      const e = el.getAttribute(a) !== null && !el.matches('time') ? escaped(el.getAttribute(a)!, data) : null;
      if (e) out.push(`${a}: ${e}`);
    }
  }
  return out;
}

const NOW = Date.parse('2026-03-01T12:00:00Z');
const found = (p: DomainPolicyFound): PopupState => ({
  kind: 'found',
  domain: normalizeDomain(p.domain),
  policy: p,
  fetchedAt: NOW,
});
const RULES: PathRules = {
  groups: [
    { agents: ['gptbot'], rules: [[0, '/private/', 2]] },
    { agents: ['*'], rules: [[0, '/admin/', 5]] },
  ],
  truncated: false,
};
const SITE = {
  ranklist_rank: 1234,
  cdn: 'Cloudflare',
  cms: 'WordPress',
  behind_cdnvendor: true,
  has_paywall: true,
  has_tos: true,
  tos_url: null,
};
const CAUSE = 'timed out';

function extras(p: DomainPolicyFound, full: FullRecord | null, parent: Extras['parent'] = null): Extras {
  return {
    status: { mode: 'embedded', version: '0.1.0', features: { preview: true } },
    full,
    announced: announced(p.domain, {
      purposes: { ...announced(p.domain).purposes, browsing: { allowed: false, source: ['robots_txt'] } },
    }),
    history: history(p.domain),
    views,
    bots: readBots(p, full),
    parent,
    problem: full
      ? null
      : failureAdvice(DEFAULT_GATEWAY_URL, {
          ok: false,
          kind: 'unreachable',
          message: t('gatewayUnreachable', 'The gateway could not be reached.'),
        }),
  };
}

/** Blocked, partly blocked, unread robots.txt, no robots.txt: each with what shows the most words. */
const RECORDS: Array<[string, DomainPolicyFound, FullRecord | null, Extras['parent']]> = (() => {
  const training = policy('training.test', {
    site: SITE,
    path_rules: RULES,
    bots: { blocked: ['GPTBot', 'ClaudeBot', 'Made-Up-Bot'], allowed: ['OAI-SearchBot'] },
    last_updated: '2026-01-01T10:00:00Z',
    basis: {
      ...policy('training.test').basis!,
      last_check: { failed_at: '2026-03-01T11:55:00Z', cause: CAUSE, next_retry: '2026-03-01T12:55:00Z' },
    },
  });
  const selective = policy('cooking.selective.test', {
    ...policy('selective.test'),
    domain: 'cooking.selective.test',
    path_rules: RULES,
    bots: { blocked: ['CCBot'], allowed: [] },
  });
  const unread = policy('robots-blocked.test');
  const noRobots = policy('no-robots.test', { bots: { blocked: [], allowed: [] } });
  const wildcard = policy('wildcard-signals.test', {
    bots: { blocked: ['GPTBot', 'ClaudeBot'], allowed: [] },
    path_rules: { groups: [{ agents: ['*'], rules: [[0, '/', 31]] }], truncated: false },
  });
  return [
    [
      'blocked',
      training,
      fullRecord(
        'training.test',
        { GPTBot: 'blocked', ClaudeBot: 'blocked', 'Made-Up-Bot': 'blocked', 'OAI-SearchBot': 'allowed' },
        {
          robots_txt: 'User-agent: GPTBot\nDisallow: /\n'.repeat(210),
          tos_ai_stance: 'prohibits',
          conflicts: ['tos_prohibits_ai_but_robots_allows', 'robots_blocks_ai_but_tos_allows_or_silent'],
          warnings: ['obsolete_tokens_only', 'a_future_warning'],
        },
      ),
      null,
    ],
    [
      'partly blocked',
      selective,
      fullRecord(
        'selective.test',
        { GPTBot: 'partial', CCBot: 'blocked' },
        {
          conflicts: ['signal_allows_but_robots_blocks'],
          explanations: [
            {
              subject: 'signal_allows_but_robots_blocks',
              value: 'search',
              source: 'content_signals',
              line: 3,
              evidence: 'Content-Signal: search=yes',
              reason: 'x',
            },
          ],
        },
      ),
      { domain: normalizeDomain('selective.test'), www: false, policy: policy('selective.test') },
    ],
    [
      'unread robots.txt',
      unread,
      fullRecord(
        'robots-blocked.test',
        {},
        { robots_txt_status: 'blocked', robots_txt: null, homepage_status: null, basis: unread.basis },
      ),
      null,
    ],
    ['no robots.txt', noRobots, null, null],
    [
      'wildcard and signals',
      wildcard,
      fullRecord(
        'wildcard-signals.test',
        { GPTBot: 'blocked', ClaudeBot: 'blocked' },
        { warnings: ['content_signals_outside_group', 'robots_txt_truncated', 'unknown_directives'] },
      ),
      null,
    ],
  ];
})();

describe('pseudo-locale: every word a person reads goes through t() or say()', () => {
  it('the pseudo-locale is in place, and catches English', () => {
    expect(say('noAiRules', 'No AI rules')).toBe('\u27e6Ñó ÁÍ ŕúĺéš\u27e7');
    expect(say('badgeTitle', 'AI policy of $1: $2', 'a.test', 'x')).toBe('\u27e6ÁÍ þóĺíçý óƒ a.test: x\u27e7');
    const div = document.createElement('div');
    div.innerHTML = '<p>\u27e6Ñó\u27e7 AI</p><code>Disallow: /</code>';
    expect(english(div, [])).toEqual(['\u27e6Ñó\u27e7 AI']);
  });

  it.each(RECORDS)('popup, every tab: %s', async (_name, p, full, parent) => {
    const data = [p.domain, parent?.domain ?? '', SITE.cdn, SITE.cms, CAUSE];
    const page = {
      pathVerdicts: pathVerdicts(p, '/private/page'),
      signals: { aiTokens: ['noai'], tdmReservation: '1', tdmPolicy: null },
    };
    // Times follow Intl in the browser's language, not the messages: Russian has no ASCII letters to mistake for English.
    const r = render(
      <PopupView
        state={found(p)}
        extras={extras(p, full, parent)}
        now={NOW}
        locale="ru"
        page={page}
        onRecheck={() => {}}
      />,
    );
    const tabs = [...r.container.querySelectorAll('[role=tab]')];
    expect(tabs.length).toBe(4);
    const seen: string[] = [];
    for (const tab of tabs) {
      fireEvent.click(tab);
      await waitFor(() => expect(r.container.querySelector('[role=tabpanel]')!.textContent).not.toBe(''));
      seen.push(...english(r.container, data));
      // Some of every tab is words (not only data).
      expect(r.container.querySelector('[role=tabpanel]')!.textContent).toMatch(/\u27e6/);
    }
    expect(seen).toEqual([]);
  });

  it.each(RECORDS)('badge title: %s', (_name, p) => {
    const shown = badgeFor({
      kind: 'found',
      domain: normalizeDomain(p.domain),
      policy: p,
      fetchedAt: NOW,
      path: '/private/page',
    })!;
    expect(escaped(shown.title, [p.domain])).toBeNull();
    expect(shown.title).toMatch(/^\u27e6/);
  });

  it('badge titles and the notices without a record', () => {
    const domain = normalizeDomain('new-site.test');
    const failure = {
      ok: false as const,
      kind: 'forbidden' as const,
      message: t('gatewayHttp', 'The gateway answered HTTP $1.', 403),
    };
    const states: PopupState[] = [
      { kind: 'loading' },
      { kind: 'no-page' },
      { kind: 'queued', domain, since: NOW },
      { kind: 'error', domain, failure, advice: failureAdvice(DEFAULT_GATEWAY_URL, failure) },
    ];
    for (const s of states) {
      const r = render(<PopupView state={s} extras={null} />);
      expect(english(r.container, [domain])).toEqual([]);
      cleanup();
      if (s.kind === 'queued' || s.kind === 'error') expect(escaped(badgeFor(s)!.title, [domain])).toBeNull();
    }
  });

  it('the options page, with its checks of the address', async () => {
    const r = render(<OptionsForm />);
    expect(english(r.container, [])).toEqual([]);
    const input = r.container.querySelector('input#address') as HTMLInputElement;
    for (const v of ['', 'ftp://x.test', 'http://user:pw@x.test', 'http://x.test/path', 'http://']) {
      fireEvent.input(input, { target: { value: v } });
      await waitFor(() => expect(r.container.querySelector('#address-help')!.className).toContain('invalid'));
      expect(english(r.container, ['x.test']), v).toEqual([]);
    }
  });
});

describe("each entry point installs the browser's language at its start", () => {
  // The entry modules are first imported here, with the English back in place.
  beforeEach(() => {
    setTranslator(null);
    document.body.innerHTML = '<div id="app"></div>';
  });

  it('background', async () => {
    const { default: background } = await import('../../extension/entrypoints/background.js');
    expect(say('extName', 'AI Policy Lens')).toBe('AI Policy Lens');
    background.main();
    expect(say('extName', 'AI Policy Lens')).toBe(pseudoMessage('extName'));
  });

  it('popup', async () => {
    await import('../../extension/entrypoints/popup/main.js');
    await waitFor(() => expect(document.querySelector('[data-testid="no-page"]')).not.toBeNull());
    expect(english(document.body, [])).toEqual([]);
  });

  it('options', async () => {
    await import('../../extension/entrypoints/options/main.js');
    await waitFor(() => expect(document.querySelector('form.options')).not.toBeNull());
    expect(english(document.body, [])).toEqual([]);
  });
});
