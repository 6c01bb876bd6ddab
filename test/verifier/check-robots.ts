/**
 * Claims about robots.txt lines: bot (every role), wildcard_closes, line_ignored, signal
 * (docs/policy.md sections 2, 10, 11 and 12; RFC 9309 section 2).
 */
import { AI_BOTS, botByToken } from '../../shared/bots.js';
import type {
  BotClaim,
  LetInListClaim,
  LineIgnoredClaim,
  SignalClaim,
  WildcardClosesClaim,
} from '../../shared/reading/claims.js';
import { agentLinesOf, exceptions, wildcardRules, type BotFacts, type BotRules } from './bot-roles.js';
import type { Check } from './context.js';
import type { Host } from './host.js';
import { PROBES, closesSite } from './robots-oracle.js';
import {
  KNOWN_FIELDS,
  agentToken,
  comparable,
  groupOfLine,
  groupsNaming,
  type Rule,
  withoutBom,
} from './robots-lines.js';
import { parsePreferences } from './signals.js';

const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean =>
  new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));

function notRead(h: Host): string[] {
  return h.reading === null ? [`robots.txt was not read (${h.robots.state}): no line of it can be cited`] : [];
}

function purposeProblems(c: BotClaim, h: Host): string[] {
  const entry = botByToken(c.bot);
  if (entry) {
    const out: string[] = [];
    if (entry.token !== c.bot) out.push(`the catalogue spells it ${entry.token}, not ${c.bot}`);
    if (entry.purpose !== c.purpose)
      out.push(
        entry.purpose === 'other'
          ? `${entry.token} is a tool with no AI use (catalogue purpose other), told as ${c.purpose}`
          : `the catalogue's purpose of ${entry.token} is ${entry.purpose}, not ${c.purpose}`,
      );
    return out;
  }
  const out: string[] = [];
  if (c.purpose !== 'unknown' && c.purpose !== 'other')
    out.push(`${c.bot} is not in the catalogue: its purpose cannot be ${c.purpose}`);
  if (c.purpose === 'unknown' && !looksAi(c.bot))
    out.push(`${c.bot} names nothing AI: not an AI-looking name the catalogue lacks`);
  if (agentLinesOf(h.reading!, c.bot).length === 0) out.push(`no user-agent line names ${c.bot}`);
  return out;
}

/**
 * An AI-looking name, by a deliberately loose rule (a failure needs a name with no sign of AI
 * at all): an `ai` anywhere, a model family, or a catalogue AI token inside it.
 */
function looksAi(name: string): boolean {
  const s = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (/ai|gpt|llm|claude|gemini|grok|mistral|cohere|perplexity|deepseek|qwen|chatglm|zhipu|anthropic|copilot/.test(s))
    return true;
  return AI_BOTS.some((b) => {
    const t = b.token.toLowerCase().replace(/[^a-z0-9]/g, '');
    return t.length >= 5 && s.includes(t);
  });
}

/** claims.ts: a list of exceptions holds at most this many, the first in file order. */
const LISTED_AT_MOST = 10;

/**
 * Whether an exception at `line` may be left out of a list: the list is full and every line
 * listed comes before it (the first ten in file order are listed, the rest left out).
 */
function beyondFullList(listedLines: readonly number[], line: number): boolean {
  return listedLines.length >= LISTED_AT_MOST && listedLines.every((l) => l < line);
}

/** Each cited line is one of `allowed`, else why not. */
function citedLines(h: Host, lines: readonly number[], allowed: readonly Rule[], what: string): string[] {
  if (lines.length === 0) return [`no line cited for ${what}`];
  return lines.filter((n) => !allowed.some((r) => r.line === n)).map((n) => `${h.quote(n)} is not ${what}`);
}

function checkBlocked(c: BotClaim, h: Host, f: BotFacts): string[] {
  const out: string[] = [];
  if (!f.closed) return [`the rules that apply to ${c.bot} (${describeRules(f.rules)}) leave the site open`];
  if (f.probeOpen !== null)
    out.push(`robots-parser finds ${f.probeOpen} open for ${c.bot} although a Disallow closes the site`);
  out.push(...citedLines(h, c.lines, f.closing, `a Disallow line that closes the site to ${c.bot}`));
  const opened = exceptions(f.rules);
  if (c.paths.length > LISTED_AT_MOST) out.push(`${c.paths.length} exceptions listed, at most ${LISTED_AT_MOST}`);
  for (const p of c.paths) {
    if (!opened.some((e) => e.rule.pattern === p)) out.push(`no Allow line of ${c.bot}'s rules opens ${p}`);
  }
  const listedLines = opened.filter((e) => c.paths.includes(e.rule.pattern)).map((e) => e.rule.line);
  for (const e of opened) {
    if (!c.paths.includes(e.rule.pattern) && !beyondFullList(listedLines, e.rule.line))
      out.push(`${h.quote(e.rule.line)} still opens ${e.path} to ${c.bot}: an exception not listed`);
  }
  for (const p of PROBES) {
    const d = f.rules.set.decide(p);
    if (d.allowed && d.rule && !c.paths.includes(d.rule.pattern) && !beyondFullList(listedLines, d.rule.line))
      out.push(`${p} is open to ${c.bot} by ${h.quote(d.rule.line)}: an exception not listed`);
  }
  return out;
}

function checkPartial(c: BotClaim, h: Host, f: BotFacts): string[] {
  if (f.closed) return [`${c.bot} is blocked (${h.quote(f.closing[0]!.line)}), not partly`];
  const out = citedLines(
    h,
    c.lines,
    f.partialByName.map((p) => p.rule),
    `a Disallow line naming ${c.bot} that closes a path the * group leaves open`,
  );
  const patterns = c.lines.map((n) => f.rules.rules.find((r) => r.line === n)?.pattern);
  for (const p of c.paths) if (!patterns.includes(p)) out.push(`path ${p} is not the pattern of a cited line`);
  for (const p of patterns)
    if (p !== undefined && !c.paths.includes(p)) out.push(`cited pattern ${p} missing from paths`);
  for (const s of f.partialByName)
    if (!c.lines.includes(s.rule.line))
      out.push(`${h.quote(s.rule.line)} also closes ${s.path} to ${c.bot} while * leaves it open: not cited`);
  return out;
}

function opensNoMoreThanAll(c: BotClaim, h: Host, f: BotFacts): string[] {
  return f.partialByName.map(
    (s) => `${h.quote(s.rule.line)} closes ${s.path} to ${c.bot}, which the * group leaves open: partly blocked`,
  );
}

function checkRole(c: BotClaim, h: Host, f: BotFacts): string[] {
  const r = h.reading!;
  const agentLines = agentLinesOf(r, c.bot);
  const wildcardClosed = closesSite(wildcardRules(r).rules).closed;
  const uaLines = (): string[] =>
    sameSet(c.lines, agentLines)
      ? []
      : [`${c.bot}'s user-agent lines are ${agentLines.join(', ')}, not ${c.lines.join(', ')}`];
  const open = (): string[] => (f.closed ? [`${c.bot} is blocked by ${h.quote(f.closing[0]!.line)}`] : []);
  switch (c.role) {
    case 'blocked':
      return checkBlocked(c, h, f);
    case 'partial':
      return checkPartial(c, h, f);
    case 'let_in':
      return [
        ...(wildcardClosed ? [] : ['the * group does not close the site']),
        ...open(),
        ...opensNoMoreThanAll(c, h, f),
        ...uaLines(),
      ];
    case 'no_rule': {
      const withRules = groupsNaming(r, c.bot).flatMap((g) => g.rules);
      return [...withRules.slice(0, 3).map((x) => `${h.quote(x.line)} is a rule for ${c.bot}`), ...uaLines()];
    }
    case 'allowed':
      return [
        ...open(),
        ...opensNoMoreThanAll(c, h, f),
        ...citedLines(
          h,
          c.lines,
          f.permissionLines,
          `an Allow line (or, with none, an empty Disallow) naming ${c.bot}`,
        ),
      ];
    case 'like_all': {
      const disallows = f.rules.rules.filter((x) => x.type === 'disallow' && x.pattern !== '').map((x) => x.line);
      return [
        ...open(),
        ...(wildcardClosed
          ? [`the * group closes the site, which ${c.bot}'s own group opens: not like every crawler`]
          : []),
        ...opensNoMoreThanAll(c, h, f),
        ...(disallows.length > 0 && sameSet(c.lines, disallows)
          ? []
          : [`${c.bot}'s Disallow lines are ${disallows.join(', ') || 'none'}, not ${c.lines.join(', ')}`]),
      ];
    }
  }
}

function describeRules(b: BotRules): string {
  if (b.by === 'none') return 'no group';
  const rules = b.rules.slice(0, 4).map((r) => `${r.line}: ${r.type} ${r.pattern}`);
  return `${b.by} groups, ${rules.length > 0 ? rules.join('; ') : 'no rules'}${b.rules.length > 4 ? ' …' : ''}`;
}

export const checkBot: Check<BotClaim> = (c, h) => {
  const unread = notRead(h);
  if (unread.length > 0) return unread;
  const f = h.bot(c.bot)!;
  const out = purposeProblems(c, h);
  const by = f.rules.by;
  if (by === 'none') return [...out, `no group names ${c.bot} and there is no * group: no rule applies to it`];
  if (c.by !== by)
    out.push(`${c.bot}'s rules come from ${by === 'named' ? 'a group naming it' : 'the * group'}, not ${c.by}`);
  if (c.role !== 'blocked' && c.role !== 'partial' && c.paths.length > 0)
    out.push(`paths are the exceptions of a blocked bot or the patterns of a partial one, not of ${c.role}`);
  if (c.role !== 'blocked' && by !== 'named') out.push(`no group names ${c.bot}: it cannot be ${c.role} by name`);
  else out.push(...checkRole(c, h, f));
  return out;
};

export const checkWildcardCloses: Check<WildcardClosesClaim> = (c, h) => {
  const unread = notRead(h);
  if (unread.length > 0) return unread;
  const w = wildcardRules(h.reading!);
  const { closed, by } = closesSite(w.rules);
  if (!closed) return [`the * group (${describeRules(w)}) does not close the site`];
  const out = citedLines(h, [c.line], by, 'a Disallow line of the * group that closes the site');
  const opened = exceptions(w);
  for (const o of c.opens) {
    if (!opened.some((e) => e.rule.line === o.line && e.rule.pattern === o.path))
      out.push(`${h.quote(o.line)} is not an Allow line of the * group that opens ${o.path}`);
  }
  if (c.opens.length > LISTED_AT_MOST) out.push(`${c.opens.length} Allow lines listed, at most ${LISTED_AT_MOST}`);
  const listedLines = c.opens.map((o) => o.line);
  for (const e of opened) {
    if (!c.opens.some((o) => o.line === e.rule.line) && !beyondFullList(listedLines, e.rule.line))
      out.push(`${h.quote(e.rule.line)} opens ${e.path} again: the * group does not close the whole site`);
  }
  return out;
};

/**
 * An allow-list: the * group closes the site, each name listed is named in a group and its rules
 * leave `/` open, `count` is how many named agents are let in, `ai` the AI bots among them (and no
 * AI bot let in is left out of `ai` when fewer than 20 are).
 */
export const checkLetInList: Check<LetInListClaim> = (c, h) => {
  const unread = notRead(h);
  if (unread.length > 0) return unread;
  const r = h.reading!;
  const out: string[] = [];
  if (!closesSite(wildcardRules(r).rules).closed) out.push('the * group does not close the site');
  const named = [...new Set(r.groups.flatMap((g) => g.agents.map((a) => agentToken(a.value))))].filter(
    (t) => t !== '*' && t !== '' && !/[!-,:-@[-^`{-~]/.test(t),
  );
  const letIn = named.filter((t) => !h.bot(t)!.closed);
  for (const name of c.let_in) {
    const t = agentToken(name);
    if (!named.includes(t)) out.push(`no group names ${name}`);
    else if (h.bot(t)!.closed) out.push(`${name} is not let in: its rules close the site`);
  }
  if (c.count !== letIn.length) out.push(`${letIn.length} named agents are let in, not ${c.count}`);
  // Catalogue AI bots must all be listed; a name the catalogue lacks may be listed when it looks like one.
  const catalogueAi = letIn.filter((t) => {
    const b = botByToken(t);
    return b !== undefined && b.is_ai_bot && b.purpose !== 'other';
  });
  for (const name of c.ai) {
    const t = agentToken(name);
    if (!letIn.includes(t) || (!catalogueAi.includes(t) && !looksAi(t)))
      out.push(`${name} is not an AI bot the file lets in`);
  }
  if (c.ai.length < 20)
    for (const t of catalogueAi)
      if (!c.ai.some((a) => agentToken(a) === t))
        out.push(`${t}, an AI bot the file lets in, is not among the AI bots listed`);
  return out;
};

/** `ï»¿User-agent`: a user-agent field name behind stray bytes (no ASCII letter or digit among them). */
function spoiledUserAgent(name: string): boolean {
  const prefix = name.slice(0, -'user-agent'.length);
  return name.endsWith('user-agent') && prefix !== '' && !/[a-z0-9]/i.test(prefix);
}

export const checkLineIgnored: Check<LineIgnoredClaim> = (c, h) => {
  const unread = notRead(h);
  if (unread.length > 0) return unread;
  const r = h.reading!;
  const l = r.lines[c.line - 1];
  if (!l) return [`robots.txt has ${r.lines.length} lines, no line ${c.line}`];
  const out: string[] = [];
  // As read: a byte-order mark opening the file is no part of line 1.
  const served = withoutBom(l.raw, l.n).trim().slice(0, 200);
  const t = c.text.trim();
  if (c.text.length > 200 || !served.startsWith(t) || t.length < Math.min(served.length, 190))
    out.push(`line ${c.line} reads "${served}", not "${c.text}"`);
  const orphan = r.orphanRules.some((x) => x.line === c.line);
  if (l.kind === 'blank' || l.kind === 'comment')
    out.push(`line ${c.line} is ${l.kind === 'blank' ? 'blank' : 'a comment'}`);
  else if (l.kind === 'field' && KNOWN_FIELDS.has(l.name) && !orphan)
    out.push(
      `line ${c.line} is a ${l.name} line every crawler reads${l.colonless ? ' (written without its colon)' : ''}`,
    );
  const spoiled = l.kind !== 'blank' && l.kind !== 'comment' && spoiledUserAgent(l.name);
  // The groups' first lines: a rule after the spoiled line and before the next group is not its crawlers'.
  const starts = r.groups.map((g) => g.agents[0]?.line ?? 0).filter((n) => n > 0);
  const next = starts.find((n) => n > c.line) ?? Infinity;
  const ruleFollows = r.lines.some(
    (x) => x.n > c.line && x.n < next && x.kind === 'field' && (x.name === 'allow' || x.name === 'disallow'),
  );
  const before = starts.filter((n) => n < c.line).at(-1) ?? null;
  if (c.loses === 'group') {
    if (!spoiled) out.push(`line ${c.line} is no user-agent line spoiled by stray bytes: it loses no group`);
    else {
      const named = agentToken(l.value);
      if (
        !sameSet(
          c.agents.map((a) => agentToken(a)),
          [named],
        )
      )
        out.push(`line ${c.line} names ${named}, not ${c.agents.join(', ')}`);
      if (!ruleFollows) out.push(`no rule follows line ${c.line} before the next group: nothing is lost`);
      if (c.joins !== undefined && c.joins !== before)
        out.push(
          before === null
            ? `line ${c.line} stands before every group: its rules join none, not line ${c.joins}'s`
            : `the rules after line ${c.line} count for the group of line ${before}, not ${c.joins ?? 'none'}`,
        );
    }
  } else if (spoiled && ruleFollows)
    out.push(`line ${c.line} is a user-agent line spoiled by stray bytes: the rules after it are lost for ${l.value}`);
  return out;
};

function checkRobotsSignal(c: SignalClaim, h: Host): string[] {
  const unread = notRead(h);
  if (unread.length > 0) return unread;
  const r = h.reading!;
  const l = r.lines[c.line! - 1];
  if (!l || l.kind !== 'field' || l.name !== c.vocabulary) return [`${h.quote(c.line)} is not a ${c.vocabulary} line`];
  const raw = l.raw.split('#')[0] ?? l.raw;
  const out = sameSaid(c, l.value, [`${c.vocabulary}: ${l.value}`, l.value, raw]);
  const g = groupOfLine(r, l.n);
  const tokens = g === null ? ['*'] : [...new Set(g.agents.map((a) => a.token))];
  const want = tokens.includes('*') ? ['*'] : tokens;
  const said = c.agents.map((a) => agentToken(a));
  if (!sameSet(said, want) && !(tokens.includes('*') && sameSet(said, tokens)))
    out.push(
      `${h.quote(l.n)} stands ${g === null ? 'outside any group' : `in the group of ${tokens.join(', ')}`}, not for ${c.agents.join(', ')}`,
    );
  return out;
}

/** The values and path a statement says, and its text. */
function sameSaid(c: SignalClaim, value: string, forms: readonly string[]): string[] {
  const out: string[] = [];
  const { path, prefs } = parsePreferences(c.vocabulary, value);
  for (const u of ['training', 'search', 'inference'] as const)
    if (prefs[u] !== c[u]) out.push(`"${value}" says ${u} ${String(prefs[u])}, not ${String(c[u])}`);
  if (path !== c.path)
    out.push(`"${value}" is scoped to ${path ?? 'the whole site'}, not ${c.path ?? 'the whole site'}`);
  const t = comparable(c.text);
  if (!forms.some((f) => comparable(f) === t)) out.push(`the text "${c.text}" is not the statement "${forms[0]}"`);
  return out;
}

export const checkSignal: Check<SignalClaim> = (c, h) => {
  if (c.line !== null) return checkRobotsSignal(c, h);
  const page = h.ev.homepage;
  const value = page.kind === 'response' ? page.headers[c.vocabulary] : undefined;
  if (value === undefined) return [`the homepage sent no ${c.vocabulary} header`];
  const out = sameSaid(c, value, [`${c.vocabulary}: ${value}`, value]);
  if (!sameSet(c.agents, ['*'])) out.push(`a header speaks for every crawler, not ${c.agents.join(', ')}`);
  return out;
};
