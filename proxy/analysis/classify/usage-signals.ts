/**
 * Usage signals S(u) (docs/policy.md section 4): what content signals, TDMRep, page meta,
 * ai.txt and an RSL licence (section 15) say about each use case, most restrictive first (`no`
 * over `yes` over nothing). An RSL licence that grants a use only for a payment other than free
 * or attribution is no `yes` and no `no`: it restricts (`paid`), which verdicts.ts weighs.
 * A signal in a robots.txt group naming bots applies to those bots only (`scoped`); one in the
 * `*` group, outside any group, or in a header applies to all (`site`).
 */
import type { Explanation } from '../../../shared/schemas.js';
import type { DecidingSource, UseCase } from '../../../shared/values.js';
import { USE_CASES } from '../../../shared/values.js';
import type { AiTxtResult } from '../signals/ai-txt.js';
import type { LicenceFacts, LicenceUse } from './licence.js';
import { appliesToRoot, resolvePrefs, type ContentSignals } from '../signals/content-signals.js';
import type { PageMeta, RobotsDirectives } from '../signals/meta.js';
import type { TdmrepResult } from '../signals/tdmrep.js';
type ExplanationSource = Explanation['source'];

/** One statement about one use case, with where it was written. */
export interface SignalPiece {
  /** The standard, as the announced surface names it. */
  standard: DecidingSource;
  /** Where, as explanations name it (meta and X-Robots-Tag are told apart there). */
  origin: ExplanationSource;
  value: boolean;
  line: number | null;
  text: string;
}

/** The decided value and the pieces that said it (the `no` ones when it is no). */
export interface UsageSignal {
  value: boolean;
  pieces: SignalPiece[];
}

export type PerUseCase<T> = Record<UseCase, T>;

export interface UsageSignals {
  /** S(u): signals that apply to every bot. */
  site: PerUseCase<UsageSignal | null>;
  /** Content-Signal / Content-Usage alone, site-wide (announced `signals.content_signals`). */
  contentSignals: PerUseCase<boolean | null>;
  /** Signals scoped to named agents: lower-case token → use case → signal. */
  scoped: Map<string, Partial<PerUseCase<UsageSignal>>>;
  /** The RSL licence grants the use only for a payment (a licence is required): the `<payment>` that says so. */
  paid: PerUseCase<SignalPiece | null>;
}

export interface UsageSignalInputs {
  contentSignals: ContentSignals;
  tdmrep: TdmrepResult;
  aiTxt: AiTxtResult;
  meta: PageMeta;
  licence: LicenceFacts | null;
}

/** Adds a piece: a `no` replaces any `yes`; equal values accumulate. */
function add(into: UsageSignal | null | undefined, piece: SignalPiece): UsageSignal {
  if (!into || (into.value && !piece.value)) return { value: piece.value, pieces: [piece] };
  if (into.value === piece.value) into.pieces.push(piece);
  return into;
}

/** The tag as published, or the header with its name (`X-Robots-Tag: noai`), for people and Details. */
export function directiveText(d: RobotsDirectives | undefined, fallback: string | null): string {
  if (d === undefined) return fallback ?? 'noai';
  return d.source === 'x_robots_tag' ? `X-Robots-Tag: ${d.text}` : d.text;
}

/** Content signals that apply to all (section 4), via the signals module's own resolution. */
function siteContentSignals(
  input: UsageSignalInputs,
  site: PerUseCase<UsageSignal | null>,
): PerUseCase<boolean | null> {
  const contentSignals: PerUseCase<boolean | null> = { training: null, search: null, inference: null };
  const global = resolvePrefs(input.contentSignals, '*');
  for (const u of USE_CASES) {
    const d = global[u];
    if (d === null) continue;
    contentSignals[u] = d.value;
    for (const e of d.entries) {
      const piece: SignalPiece = {
        standard: 'content_signals',
        origin: 'content_signals',
        value: d.value,
        line: e.line,
        text: e.text,
      };
      site[u] = add(site[u], piece);
    }
  }
  return contentSignals;
}

/** The training pieces for the whole site: TDMRep for `/`, the page's `noai`, ai.txt closing `/`. */
function siteTrainingPieces(input: UsageSignalInputs): SignalPiece[] {
  const pieces: SignalPiece[] = [];
  // TDMRep for `/`: 1 reserves the rights (training no), 0 waives them (training yes).
  const t = input.tdmrep;
  if (t.reservation !== null) {
    const text = t.text ?? `tdm-reservation: ${t.reservation}`;
    pieces.push({ standard: 'tdmrep', origin: 'tdmrep', value: t.reservation === 0, line: null, text });
  }
  // Page `noai` for every agent (meta robots or X-Robots-Tag) is a training no.
  if (input.meta.noai) {
    const d = input.meta.directives.find((x) => x.agent === '*' && x.directives.includes('noai'));
    const text = directiveText(d, input.meta.decidingText);
    pieces.push({ standard: 'meta', origin: d?.source ?? 'meta', value: false, line: null, text });
  }
  // ai.txt disallowing `/` for `*` is a training no.
  const a = input.aiTxt;
  if (a.found && a.disallowsRoot) {
    const text = a.decidingRule ? `Disallow: ${a.decidingRule.pattern}` : 'Disallow: /';
    pieces.push({ standard: 'ai_txt', origin: 'ai_txt', value: false, line: a.decidingRule?.line ?? null, text });
  }
  return pieces;
}

/**
 * Signals scoped to named agents: Content-Signal lines in their robots.txt groups, `noai` meta per agent.
 * The entries of one group share its agents array, so a group's signal is built once and shared,
 * read-only, by its tokens (a hostile group of thousands of agents over thousands of lines would
 * otherwise cost agents × lines); a token of several groups gets a copy of its own to add to.
 */
function scopedSignals(input: UsageSignalInputs): Map<string, Partial<PerUseCase<UsageSignal>>> {
  const scoped = new Map<string, Partial<PerUseCase<UsageSignal>>>();
  const owned = new Set<Partial<PerUseCase<UsageSignal>>>();
  const own = (token: string): Partial<PerUseCase<UsageSignal>> => {
    const m = scoped.get(token);
    if (m !== undefined && owned.has(m)) return m;
    const copy: Partial<PerUseCase<UsageSignal>> = {};
    for (const u of USE_CASES) {
      const s = m?.[u];
      if (s) copy[u] = { value: s.value, pieces: [...s.pieces] };
    }
    owned.add(copy);
    scoped.set(token, copy);
    return copy;
  };
  const scope = (token: string, u: UseCase, piece: SignalPiece): void => {
    const m = own(token);
    m[u] = add(m[u], piece);
  };
  const byGroup = new Map<readonly string[], Partial<PerUseCase<UsageSignal>>>();
  for (const e of input.contentSignals.entries) {
    if (e.source !== 'robots_group' || !appliesToRoot(e)) continue;
    let g = byGroup.get(e.agents);
    if (g === undefined) byGroup.set(e.agents, (g = {}));
    for (const u of USE_CASES) {
      const v = e.prefs[u];
      if (v === undefined) continue;
      g[u] = add(g[u], {
        standard: 'content_signals',
        origin: 'content_signals',
        value: v,
        line: e.line,
        text: e.text,
      });
    }
  }
  for (const [agents, g] of byGroup)
    for (const token of agents) {
      if (!scoped.has(token)) {
        scoped.set(token, g);
        continue;
      }
      for (const u of USE_CASES) for (const piece of g[u]?.pieces ?? []) scope(token, u, piece);
    }
  for (const token of input.meta.noaiAgents) {
    const d = input.meta.directives.find((x) => x.agent === token && x.directives.includes('noai'));
    scope(token, 'training', {
      standard: 'meta',
      origin: d?.source ?? 'meta',
      value: false,
      line: null,
      text: directiveText(d, null),
    });
  }
  return scoped;
}

/** An RSL licence's word on a use as a piece (docs/policy.md section 15): its deciding element and line. */
export const licencePiece = (use: LicenceUse, value: boolean): SignalPiece => ({
  standard: 'rsl',
  origin: 'rsl',
  value,
  line: use.line,
  text: use.evidence ?? 'RSL licence',
});

export function readUsageSignals(input: UsageSignalInputs): UsageSignals {
  const site: PerUseCase<UsageSignal | null> = { training: null, search: null, inference: null };
  const paid: PerUseCase<SignalPiece | null> = { training: null, search: null, inference: null };
  const contentSignals = siteContentSignals(input, site);
  for (const piece of siteTrainingPieces(input)) site.training = add(site.training, piece);
  // Only a licence that was read decides; one found and not read is reported, never guessed at.
  const licence = input.licence?.state === 'read' ? input.licence.site : null;
  for (const u of USE_CASES) {
    const use = licence?.[u];
    if (!use?.verdict) continue;
    if (use.verdict === 'paid') paid[u] = licencePiece(use, false);
    else site[u] = add(site[u], licencePiece(use, use.verdict !== 'prohibited'));
  }
  return { site, contentSignals, scoped: scopedSignals(input), paid };
}
