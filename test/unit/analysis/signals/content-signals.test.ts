import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../../../shared/robots/index.js';
import {
  appliesToRoot,
  extractContentSignals,
  parsePreferenceValue,
  resolvePrefs,
} from '../../../../proxy/analysis/signals/content-signals.js';

// The shape of Cloudflare's managed robots.txt (contentsignals.org), trimmed.
const CLOUDFLARE_MANAGED = `# As a condition of accessing this website, you agree to abide by the following content signals:
# search: building a search index and providing search results.
# ai-input: inputting content into one or more AI models.
# ai-train: training or fine-tuning AI models.
# BEGIN Cloudflare Managed content
User-agent: *
Content-Signal: search=yes,ai-train=no
Allow: /

User-agent: Amazonbot
Disallow: /
# END Cloudflare Managed Content
`;

describe('parsePreferenceValue', () => {
  it('reads Content-Signal yes/no and ignores the auxiliary use= key', () => {
    expect(parsePreferenceValue('content-signal', 'search=yes, ai-train=no, ai-input=no, use=reference')).toEqual({
      path: null,
      prefs: { search: true, training: false, inference: false },
      problems: [],
    });
  });

  it('reads Content-Usage y/n with the aipref labels and the older ones, all meaning training', () => {
    for (const key of ['train-ai', 'train-genai', 'genai', 'ai']) {
      expect(parsePreferenceValue('content-usage', `${key}=n`).prefs).toEqual({ training: false });
    }
    expect(parsePreferenceValue('content-usage', 'train-ai=y, search=y').prefs).toEqual({
      training: true,
      search: true,
    });
  });

  it('takes a leading path scope', () => {
    expect(parsePreferenceValue('content-usage', '/images/ train-ai=n')).toMatchObject({
      path: '/images/',
      prefs: { training: false },
    });
    expect(parsePreferenceValue('content-signal', '/ ai-train=no')).toMatchObject({ path: '/' });
  });

  it('is lenient: spaces around =, any case, quoted values, structured-field parameters', () => {
    expect(parsePreferenceValue('content-signal', 'Search = YES ,  AI-Train= "no";v=1').prefs).toEqual({
      search: true,
      training: false,
    });
    expect(parsePreferenceValue('content-usage', 'train-ai=no search=yes').prefs).toEqual({
      training: false,
      search: true,
    });
  });

  it('most restrictive wins within a line and reports what it could not read', () => {
    const r = parsePreferenceValue('content-usage', 'train-ai=y, genai=n, nope=n, search=maybe, train-ai');
    expect(r.prefs).toEqual({ training: false });
    expect(r.problems).toEqual([
      'unknown key "nope"',
      '"search" has value "maybe", expected y or n',
      '"train-ai" has value "", expected y or n',
    ]);
  });
});

describe('the AI Preferences vocabulary, current and earlier labels (draft-ietf-aipref-vocab-08, docs/policy.md section 4)', () => {
  const prefs = (v: string) => parsePreferenceValue('content-usage', v);

  it('reads the current categories: train-ai is training, search is search', () => {
    expect(prefs('train-ai=n, search=y')).toEqual({
      path: null,
      prefs: { training: false, search: true },
      problems: [],
    });
  });

  it('reads draft-08\u2019s three categories: ai-use (AI Use, input to a generative model) is AI answers', () => {
    // The statement draft-08's upgrade notes give for "disallow everything" (vocab-08 section 4).
    expect(prefs('train-ai=n, ai-use=n, search=n')).toEqual({
      path: null,
      prefs: { training: false, inference: false, search: false },
      problems: [],
    });
    expect(prefs('ai-use=y').prefs).toEqual({ inference: true });
    // The search override (vocab-08 section 4.3) is about search applications: it lifts no train-ai=n.
    expect(prefs('train-ai=n, ai-use=y, search=y').prefs).toEqual({ training: false, inference: true, search: true });
    // Labels are case-sensitive tokens in the drafts; read leniently here, as every label is.
    expect(prefs('AI-USE=n').prefs).toEqual({ inference: false });
  });

  it('reads the earlier drafts\u2019 labels beside them, each as the use it named', () => {
    expect(prefs('train-genai=n').prefs).toEqual({ training: false });
    expect(prefs('genai=n').prefs).toEqual({ training: false });
    expect(prefs('ai=n').prefs).toEqual({ training: false });
    expect(prefs('inference=n').prefs).toEqual({ inference: false });
    expect(prefs('ai-use=n').prefs).toEqual({ inference: false });
    expect(prefs('ai-output=y').prefs).toEqual({ inference: true });
  });

  it('reads a general category (bots, all, tdm) for every use no more specific label names', () => {
    expect(prefs('bots=n').prefs).toEqual({ training: false, search: false, inference: false });
    expect(prefs('bots=n, search=y').prefs).toEqual({ training: false, search: true, inference: false });
    expect(prefs('all=y, train-ai=n').prefs).toEqual({ training: false, search: true, inference: true });
    expect(prefs('tdm=n, ai-use=y').prefs).toEqual({ training: false, search: false, inference: true });
  });
});

describe('extractContentSignals', () => {
  it('reads the * group of a Cloudflare managed robots.txt as applying to all', () => {
    const s = extractContentSignals(parseRobotsTxt(CLOUDFLARE_MANAGED), null);
    expect(s.entries).toEqual([
      {
        vocabulary: 'content-signal',
        source: 'robots_global',
        agents: ['*'],
        path: null,
        prefs: { search: true, training: false },
        line: 7,
        text: 'Content-Signal: search=yes,ai-train=no',
      },
    ]);
    expect(s.warnings).toEqual([]);
    expect(resolvePrefs(s).training?.value).toBe(false);
    expect(resolvePrefs(s).inference).toBeNull();
  });

  it("scopes a line in a named group to that group's bots, and warns about lines outside any group", () => {
    const robots = parseRobotsTxt(`Content-Usage: train-ai=n
User-agent: GPTBot
User-agent: CCBot/2.0
Content-Signal: search=no
Disallow: /private/
`);
    const s = extractContentSignals(robots, null);
    expect(s.entries.map((e) => [e.source, e.agents, e.line])).toEqual([
      ['robots_global', ['*'], 1],
      ['robots_group', ['gptbot', 'ccbot'], 4],
    ]);
    expect(s.warnings.map((w) => w.line)).toEqual([1]);
    expect(resolvePrefs(s, 'GPTBot').search?.value).toBe(false);
    expect(resolvePrefs(s, 'ClaudeBot').search).toBeNull();
    expect(resolvePrefs(s, 'ClaudeBot').training?.value).toBe(false);
  });

  it('reads homepage headers as applying to all, merged most restrictive first', () => {
    const s = extractContentSignals(null, {
      'content-signal': 'ai-train=yes, search=yes',
      'content-usage': 'train-ai=n',
    });
    expect(s.entries.map((e) => e.source)).toEqual(['header', 'header']);
    const r = resolvePrefs(s);
    expect(r.training?.value).toBe(false);
    expect(r.training?.entries.map((e) => e.text)).toEqual(['Content-Usage: train-ai=n']);
    expect(r.search?.value).toBe(true);
  });

  it('reads draft-08\u2019s labels in robots.txt and in the header, beside an older label', () => {
    const s = extractContentSignals(parseRobotsTxt('User-agent: *\nContent-Usage: train-ai=n, ai-use=y\nAllow: /\n'), {
      'content-usage': 'search=n, inference=n',
    });
    expect(s.warnings).toEqual([]);
    const r = resolvePrefs(s);
    expect(r.training?.value).toBe(false);
    // a no beats a yes: the header's older `inference=n` outweighs robots.txt's `ai-use=y`
    expect(r.inference?.value).toBe(false);
    expect(r.inference?.entries.map((e) => e.text)).toEqual(['Content-Usage: search=n, inference=n']);
    expect(r.search?.value).toBe(false);
    const robotsOnly = resolvePrefs(
      extractContentSignals(parseRobotsTxt('User-agent: *\nContent-Usage: ai-use=y\n'), null),
    );
    expect(robotsOnly.inference?.value).toBe(true);
    expect(robotsOnly.inference?.entries.map((e) => e.line)).toEqual([2]);
  });

  it('leaves path-scoped lines out of the site-wide verdict', () => {
    const s = extractContentSignals(
      parseRobotsTxt('User-agent: *\nContent-Usage: /photos/ train-ai=n\nContent-Usage: /* search=y\n'),
      null,
    );
    expect(s.entries.map((e) => [e.path, appliesToRoot(e)])).toEqual([
      ['/photos/', false],
      ['/*', true],
    ]);
    expect(resolvePrefs(s).training).toBeNull();
    expect(resolvePrefs(s).search?.value).toBe(true);
  });

  it('keeps an unparseable line as a warning, never an entry', () => {
    const s = extractContentSignals(parseRobotsTxt('User-agent: *\nContent-Signal: please do not\n'), null);
    expect(s.entries).toEqual([]);
    expect(s.warnings.map((w) => w.message)).toContain('Content-Signal without a usable preference');
  });
});
