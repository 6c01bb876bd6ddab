/**
 * The RSL licence (docs/policy.md section 15) in the records' shapes: `basis.licence` (what a
 * person is told), `path_signals.rsl` (what shared/url-check judges a URL by) and the full
 * record's `rsl_licence` (the licence as read). shared/schemas.ts documents every field.
 */
import type { Basis, FullRecordBody, LicenceUse as WireUse, PathSignals } from '../../../shared/schemas.js';
import type { RslStatement } from '../signals/rsl.js';
import { clip } from './clip.js';
import { scopePath, type LicenceFacts, type LicenceUse } from './licence.js';

const wireUse = (u: LicenceUse): WireUse => ({
  verdict: u.verdict,
  payment: u.payment,
  line: u.line,
  evidence: clip(u.evidence),
  not_listed: u.notListed,
});

export function licenceBasis(l: LicenceFacts | null): NonNullable<Basis['licence']> | null {
  if (l === null) return null;
  return {
    url: l.ref.url,
    found_via: l.ref.via,
    line: l.ref.line,
    state: l.state,
    http_status: l.httpStatus,
    warnings: l.warnings.slice(0, 20).map((w) => clip(w) ?? ''),
    uses: { training: wireUse(l.site.training), search: wireUse(l.site.search), inference: wireUse(l.site.inference) },
    scoped: l.scoped,
  };
}

type PathUse = NonNullable<NonNullable<PathSignals['rsl']>[number]['training']>;
const pathUse = (u: LicenceUse): PathUse | null =>
  u.verdict === null ? null : { verdict: u.verdict, line: u.line, evidence: clip(u.evidence) ?? '' };

/** Every scope of a licence that was read; null otherwise (then no URL has a licence to judge by). */
export function licencePathSignals(l: LicenceFacts | null): PathSignals['rsl'] {
  if (l === null || l.state !== 'read') return null;
  return l.scopes.map((s) => ({
    path: s.path,
    training: pathUse(s.uses.training),
    search: pathUse(s.uses.search),
    inference: pathUse(s.uses.inference),
  }));
}

const constraints = (statements: readonly RslStatement[], kind: RslStatement['kind']) => {
  const of = (type: RslStatement['type']) =>
    statements.filter((s) => s.kind === kind && s.type === type).flatMap((s) => s.values);
  return { usage: of('usage'), user: of('user'), geo: of('geo') };
};

/** The licence as read, for the full record; null when none was read. */
export function licenceRecord(l: LicenceFacts | null, domain: string): FullRecordBody['rsl_licence'] {
  if (l === null || l.doc === null || l.state !== 'read') return null;
  return {
    url: l.ref.url,
    contents: l.doc.contents.map((c) => ({
      url: c.url,
      path: scopePath(c.url, domain),
      server: c.server,
      terms: c.terms,
      copyright: c.copyright,
      licences: c.licences.map((x) => ({
        permits: constraints(x.statements, 'permits'),
        prohibits: constraints(x.statements, 'prohibits'),
        payments: x.payments.map((p) => ({
          type: p.type,
          amount: p.amount,
          currency: p.currency,
          standards: p.standards,
          custom: p.custom,
        })),
        legal: x.legal,
      })),
    })),
  };
}
