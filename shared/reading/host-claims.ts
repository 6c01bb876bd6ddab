/**
 * What one host's answer asserts about its files, as claims (claims.ts): read from the summary
 * (`basis`, first paint) and, once loaded, the full record. Every sentence of the reading is
 * told from these (docs/policy.md section 16); nothing here words anything. No bot catalogue
 * here: the claims about bots are bot-claims.ts', loaded with the full record.
 */
import type { Basis, DomainPolicyFound, FullRecord, PathRules } from '../schemas.js';
import { USE_CASES, realConflict, type FetchState, type FetchedFile, type TosStance, type UseCase } from '../values.js';
import type {
  ConfidenceCause,
  ConfidenceClaim,
  ConflictClaim,
  DecidedBy,
  FetchClaim,
  FoundClaim,
  HeadlineClaim,
  LetInListClaim,
  LineIgnoredClaim,
  NothingAnsweredClaim,
  NotReadClaim,
  PageFactClaim,
  RobotsFileClaim,
  SignalClaim,
  TermsClaim,
  TermsMentionClaim,
  ToldStance,
  UseClaim,
  WildcardClosesClaim,
} from './claims.js';
import { allowList } from './story-robots.js';

/** The claims of one host, by part (each list in the order it is told). */
export interface HostClaims {
  of: string;
  robots: RobotsFileClaim | null;
  fetches: FetchClaim[];
  /** Documents fetched but not read (over the time budget, or their reader failed). */
  notRead: NotReadClaim[];
  nothingAnswered: NothingAnsweredClaim | null;
  found: FoundClaim[];
  uses: Record<UseCase, UseClaim>;
  headline: HeadlineClaim;
  signals: SignalClaim[];
  wildcard: WildcardClosesClaim | null;
  letIn: LetInListClaim | null;
  terms: { ai: TermsClaim; access: TermsClaim | null } | null;
  mention: TermsMentionClaim | null;
  /** From the full record only. */
  ignored: LineIgnoredClaim[];
  facts: PageFactClaim[];
  confidence: ConfidenceClaim | null;
  conflicts: ConflictClaim[];
  /** The site's RSL licence as kept in basis (story-licence.ts words it); null or absent when it names none. */
  licence?: NonNullable<Basis['licence']> | null;
}

const basisOf = (p: DomainPolicyFound, full?: FullRecord | null) => p.basis ?? full?.basis;

function robotsClaim(of: string, p: DomainPolicyFound, full?: FullRecord | null): RobotsFileClaim | null {
  const b = basisOf(p, full)?.robots_txt;
  const status = b?.status ?? full?.robots_txt_status ?? null;
  if (status === null) return null;
  return {
    kind: 'robots_file',
    of,
    state: status === 'ok' ? 'read' : status === 'missing' ? 'missing' : 'unread',
    http: b ? b.http_status : null,
    problem: b?.problem ?? null,
    waited_s: b?.waited_s ?? null,
  };
}

const OTHER_FILES: ReadonlyArray<Exclude<FetchedFile, 'robots_txt'>> = [
  'llms_txt',
  'ai_txt',
  'tdmrep',
  'agents_json',
  'homepage',
  'terms',
];

/**
 * The homepage's fetch: the answer's own word, else what the full record's explanation of the
 * homepage or the robots.txt state implies (RFC 9309 2.3.1.4: a server error, 429 or no answer
 * holds every page back); null when not known.
 */
export function homepageState(p: DomainPolicyFound, full?: FullRecord | null): FetchState | null {
  const known = basisOf(p, full)?.fetches?.homepage;
  if (known) return known;
  if (full) {
    if (full.homepage_status !== null) return 'answered';
    const home = full.explanations.find((e) => e.subject === 'homepage');
    if (home?.value !== 'not_fetched') return 'no_answer';
    return home.source === 'robots_txt' ? 'disallowed' : 'robots_unreadable';
  }
  const robots = p.basis?.robots_txt;
  if (robots && (robots.status === 'error' || robots.status === 'unreachable' || robots.problem === 'rate_limited'))
    return 'robots_unreadable';
  return p.detail === 'wildcard_block' ? 'disallowed' : null;
}

/** The terms page's fetch, from the answer's own word, else from the homepage's (the terms are looked for there). */
export function termsState(p: DomainPolicyFound, full?: FullRecord | null): FetchState | null {
  const known = basisOf(p, full)?.fetches?.terms;
  if (known) return known;
  if (p.basis?.terms_pending) return 'pending';
  if (p.site.has_tos || p.site.tos_url) return 'answered';
  const home = homepageState(p, full);
  if (home === null) return null;
  return home === 'answered' ? 'no_link' : home === 'no_answer' ? 'not_looked' : home;
}

function fetchClaims(of: string, p: DomainPolicyFound, full?: FullRecord | null): FetchClaim[] {
  const fetches = basisOf(p, full)?.fetches;
  const out: FetchClaim[] = [];
  for (const file of OTHER_FILES) {
    const state =
      file === 'homepage' ? homepageState(p, full) : file === 'terms' ? termsState(p, full) : (fetches?.[file] ?? null);
    if (state === null) continue;
    const http = file === 'homepage' && state === 'answered' ? (full?.homepage_status ?? null) : null;
    out.push({ kind: 'fetch', of, file, state, http });
  }
  return out;
}

/** The robots.txt group a line stands in, told by the answer's path rules (`*`, a named one, or not known). */
function groupOf(line: number | null, rules: PathRules | null | undefined): DecidedBy['group'] {
  if (line === null || !rules) return null;
  const g = rules.groups.find((x) => x.rules.some((r) => r[2] === line));
  return g ? (g.agents.includes('*') ? 'all' : 'named') : null;
}

/** What decided a verdict: the basis' deciding signals, else (no basis) the full record's explanations of it. */
function decidedBy(p: DomainPolicyFound, full: FullRecord | null | undefined, u: UseCase): DecidedBy[] {
  const basis = basisOf(p, full);
  const v = p.use_cases[u];
  const raw = basis
    ? basis.decided_by[u]
    : (full?.explanations ?? [])
        .filter((e) => e.subject === u && e.value === v && (v === 'blocked' || v === 'partial'))
        .map((e) => ({ source: e.source as DecidedBy['source'], evidence: e.evidence, line: e.line }));
  return raw.map((d) => ({
    source: d.source,
    line: d.line,
    evidence: d.evidence,
    group: d.source === 'robots_txt' ? groupOf(d.line, p.path_rules) : null,
  }));
}

/** A site-wide usage signal says `search=yes` (listing and linking pages, docs/policy.md section 16). */
function searchYes(p: DomainPolicyFound, full?: FullRecord | null): boolean {
  const said = basisOf(p, full)?.content_signals;
  if (said) return said.some((e) => e.agents.includes('*') && (e.path === null || e.path === '/') && e.search === true);
  // An older record: the search verdict decided by a `search=yes` line.
  return basisOf(p, full)?.decided_by.search.some((d) => /\bsearch\s*=\s*"?(yes|y)\b/i.test(d.evidence ?? '')) ?? false;
}

function termsStance(
  p: DomainPolicyFound,
  full?: FullRecord | null,
): { ai: TosStance | null; access: TosStance | null } {
  const b = basisOf(p, full)?.terms;
  return {
    ai: b?.ai ?? full?.tos_ai_stance ?? null,
    access: b?.automated_access ?? full?.tos_automated_access ?? null,
  };
}

const limits = (s: TosStance | null): s is 'prohibits' | 'restricts' => s === 'prohibits' || s === 'restricts';

function useClaims(of: string, p: DomainPolicyFound, full?: FullRecord | null): Record<UseCase, UseClaim> {
  const basis = basisOf(p, full);
  const terms = termsStance(p, full).ai;
  const listings = searchYes(p, full);
  const claim = (use: UseCase): UseClaim => {
    const verdict = p.use_cases[use];
    const explicit = verdict === 'allowed' && (basis?.explicit[use] ?? false);
    return {
      kind: 'use',
      of,
      use,
      verdict,
      explicit,
      by: verdict === 'unknown' || (verdict === 'allowed' && !explicit) ? [] : decidedBy(p, full, use),
      listings: use === 'search' && verdict === 'allowed' && !explicit && listings,
      // The terms speak of the training row: forbidding or restricting it where robots.txt does not block it.
      terms: use === 'training' && limits(terms) && verdict !== 'blocked' && !explicit ? terms : null,
    };
  };
  return { training: claim('training'), search: claim('search'), inference: claim('inference') };
}

/** The stance as told (claims.ts ToldStance), from the answer alone: what the badge and every count show. */
export function toldStanceOf(p: DomainPolicyFound, terms: TosStance | null = termsStance(p).ai): ToldStance {
  if (p.detail === 'robots_blocked' || p.detail === 'unreachable') return 'unknown';
  if ((p.stance === 'no_policy' || p.detail === 'has_llms_txt') && limits(terms))
    return terms === 'prohibits' ? 'terms_prohibit' : 'terms_restrict';
  switch (p.stance) {
    case 'blocks_all_ai':
    case 'blocks_training':
    case 'selective':
      return p.stance;
    case 'allows_all':
      return p.detail === 'has_llms_txt' ? 'no_ai_rules' : 'allows_ai';
    default:
      return 'no_ai_rules';
  }
}

function headlineClaim(of: string, p: DomainPolicyFound, full?: FullRecord | null): HeadlineClaim {
  return {
    kind: 'headline',
    of,
    told: toldStanceOf(p, termsStance(p, full).ai),
    restricted: USE_CASES.filter((u) => p.use_cases[u] === 'blocked' || p.use_cases[u] === 'partial'),
    open: USE_CASES.filter((u) => p.use_cases[u] === 'allowed'),
  };
}

function signalClaims(of: string, p: DomainPolicyFound, full?: FullRecord | null): SignalClaim[] {
  return (basisOf(p, full)?.content_signals ?? [])
    .filter((e) => e.training !== null || e.search !== null || e.inference !== null)
    .map((e) => ({
      kind: 'signal',
      of,
      vocabulary: e.vocabulary,
      line: e.line,
      agents: e.agents,
      path: e.path,
      training: e.training,
      search: e.search,
      inference: e.inference,
      text: e.text,
    }));
}

function termsClaims(of: string, p: DomainPolicyFound, full?: FullRecord | null): HostClaims['terms'] {
  const { ai, access } = termsStance(p, full);
  if (ai === null || p.basis?.terms_pending) return null;
  const said = (s: TosStance) => s === 'prohibits' || s === 'restricts' || s === 'permits';
  return {
    ai: {
      kind: 'terms',
      of,
      about: 'ai',
      stance: ai,
      excerpt: said(ai) ? (full?.tos_excerpt ?? null) : null,
      section: said(ai) ? (full?.tos_ai_section ?? null) : null,
    },
    access:
      access === null
        ? null
        : {
            kind: 'terms',
            of,
            about: 'access',
            stance: access,
            excerpt: said(access) ? (full?.tos_automated_access_excerpt ?? null) : null,
            section: said(access) ? (full?.tos_automated_access_section ?? null) : null,
          },
  };
}

/** Whether the terms name AI at all, when the record says (the terms reader's `names_ai`, docs/policy.md section 12). */
function mentionClaim(of: string, p: DomainPolicyFound, full?: FullRecord | null): TermsMentionClaim | null {
  const excerpt = full?.tos_ai_mention ?? null;
  const section = full?.tos_ai_mention_section;
  const names = basisOf(p, full)?.terms?.names_ai ?? (excerpt !== null ? true : undefined);
  if (names === undefined) return null;
  return { kind: 'terms_mention', of, names_ai: names, excerpt, section: section ?? null };
}

/** Documents fetched but not read, as the record lists them. */
function notReadClaims(of: string, p: DomainPolicyFound, full?: FullRecord | null): NotReadClaim[] {
  return (basisOf(p, full)?.not_read ?? []).map((n) => ({
    kind: 'not_read',
    of,
    file: n.file,
    reason: n.reason,
    bytes: n.bytes,
    budget_ms: n.budget_ms,
    note: n.note ?? null,
  }));
}

/** Facts of the homepage, where the record says whether it was read (an older answer says nothing: no claim). */
function factClaims(of: string, p: DomainPolicyFound, full?: FullRecord | null): PageFactClaim[] {
  const home = homepageState(p, full);
  if (home === null) return [];
  // A homepage that answered but was not read (over the time budget) shows nothing of its markup.
  const unread = basisOf(p, full)?.not_read?.some((n) => n.file === 'homepage') === true;
  const known = home === 'answered' && !unread;
  const fact = (f: PageFactClaim['fact'], value: PageFactClaim['value']): PageFactClaim => ({
    kind: 'page_fact',
    of,
    fact: f,
    known,
    value: known ? value : null,
    because: known || unread ? null : home,
  });
  return [fact('paywall', p.site.has_paywall), fact('cms', p.site.cms), fact('cdn', p.site.cdn)];
}

function conflictClaims(of: string, full: FullRecord, tosAi: TosStance | null): ConflictClaim[] {
  return full.conflicts
    .filter((id) => realConflict(id, tosAi))
    .map((id) => ({
      kind: 'conflict',
      of,
      id,
      uses: [
        ...new Set(
          full.explanations
            .filter((e) => e.subject === id && (USE_CASES as readonly string[]).includes(e.value))
            .map((e) => e.value as UseCase),
        ),
      ],
    }));
}

function confidenceClaim(
  p: DomainPolicyFound,
  full: FullRecord,
  conflicts: ConflictClaim[],
  nothing: boolean,
): ConfidenceClaim {
  const causes: ConfidenceCause[] = [];
  const robots = full.robots_txt_status;
  if (nothing) causes.push('nothing_answered');
  else if (robots === 'missing') causes.push('no_robots');
  else if (robots === 'blocked' || robots === 'error' || robots === 'unreachable') causes.push('robots_unread');
  if (!nothing && homepageState(p, full) === 'no_answer') causes.push('homepage_no_answer');
  for (const c of conflicts) causes.push(`conflict:${c.id}`);
  return { kind: 'confidence', of: p.domain, percent: Math.round(full.confidence * 100), causes };
}

/** The crawlers an allow-list lets in: the basis' list, else (an older record) the full record's named bots. */
function letInClaim(of: string, p: DomainPolicyFound, full?: FullRecord | null): LetInListClaim | null {
  const list = allowList(p, full);
  return list ? { kind: 'let_in_list', of, let_in: list.letIn, count: list.count, ai: list.ai } : null;
}

/**
 * Nothing answered (docs/policy.md section 11): the detail says so, and nothing the record holds
 * says otherwise (a homepage status, a request answered, robots.txt read).
 */
function answeredNothing(p: DomainPolicyFound, full?: FullRecord | null): boolean {
  if (p.detail !== 'unreachable') return false;
  if (full && full.homepage_status !== null) return false;
  const fetches = basisOf(p, full)?.fetches;
  if (fetches && Object.values(fetches).some((s) => s === 'answered')) return false;
  return basisOf(p, full)?.robots_txt.status !== 'ok';
}

export function hostClaims(p: DomainPolicyFound, full?: FullRecord | null): HostClaims {
  const of = p.domain;
  const nothingAnswered: NothingAnsweredClaim | null = answeredNothing(p, full)
    ? { kind: 'nothing_answered', of }
    : null;
  const terms = termsClaims(of, p, full);
  const basis = basisOf(p, full);
  const wildcard = basis?.closed_to_all;
  const conflicts = full ? conflictClaims(of, full, terms?.ai.stance ?? null) : [];
  return {
    of,
    robots: robotsClaim(of, p, full),
    fetches: fetchClaims(of, p, full),
    notRead: notReadClaims(of, p, full),
    nothingAnswered,
    found: (basis?.found ?? []).map((standard) => ({ kind: 'found', of, standard })),
    uses: useClaims(of, p, full),
    headline: headlineClaim(of, p, full),
    signals: signalClaims(of, p, full),
    wildcard: wildcard ? { kind: 'wildcard_closes', of, line: wildcard.line, opens: wildcard.opens } : null,
    letIn: letInClaim(of, p, full),
    terms,
    mention: mentionClaim(of, p, full),
    ignored: (full?.robots_ignored ?? []).map((l) => ({ kind: 'line_ignored', of, ...l })),
    facts: factClaims(of, p, full),
    confidence: full ? confidenceClaim(p, full, conflicts, nothingAnswered !== null) : null,
    conflicts,
    licence: basis?.licence ?? null,
  };
}
