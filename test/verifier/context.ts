/** What every check is given: the hosts' files, read once, and the other claims of the same reading. */
import type { Evidence } from '../../proxy/analysis/evidence.js';
import type { Claim } from '../../shared/reading/claims.js';
import { Host } from './host.js';

export interface VerifierFailure {
  /** Position of the claim in the list given. */
  index: number;
  kind: Claim['kind'];
  /** The host whose files disprove it. */
  host: string;
  claim: Claim;
  /** Why it is false, quoting the file's line or text. */
  why: string;
}

export class Context {
  private readonly hosts = new Map<string, Host | null>();

  constructor(
    readonly files: Readonly<Record<string, Evidence>>,
    readonly claims: readonly Claim[],
  ) {}

  host(name: string): Host | null {
    if (!this.hosts.has(name)) {
      const ev = Object.prototype.hasOwnProperty.call(this.files, name) ? this.files[name] : undefined;
      this.hosts.set(name, ev === undefined ? null : hostOf(name, ev));
    }
    return this.hosts.get(name) ?? null;
  }

  private readonly memos = new Map<string, unknown>();

  /** Computed once per call: what depends on the files and on the claims given together. */
  memo<T>(key: string, make: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, make());
    return this.memos.get(key) as T;
  }

  /** The other claims of a kind about a host. */
  about<K extends Claim['kind']>(kind: K, of: string): Array<Extract<Claim, { kind: K }>> {
    return this.claims.filter((c): c is Extract<Claim, { kind: K }> => c.kind === kind && 'of' in c && c.of === of);
  }
}

/**
 * A host's reading depends only on its Evidence, which is never changed: kept per Evidence object,
 * so checking many claim lists against the same files reads them once.
 */
const READ = new WeakMap<Evidence, Map<string, Host>>();

function hostOf(name: string, ev: Evidence): Host {
  let byName = READ.get(ev);
  if (!byName) READ.set(ev, (byName = new Map<string, Host>()));
  let h = byName.get(name);
  if (!h) byName.set(name, (h = new Host(name, ev)));
  return h;
}

/** A check: the reasons a claim is false (empty when it holds). */
export type Check<C extends Claim> = (claim: C, host: Host, ctx: Context) => string[];
