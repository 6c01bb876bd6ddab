/**
 * Held reads: with RFC 7240 `Prefer: wait=N` (parsed by proxy/lib/http/prefer.ts, capped at
 * MAX_WAIT_S) a read that would answer "queued" waits, on the service's own events
 * (`whenAnalysed`), until the domains it names can be answered or N seconds pass, and then says
 * `Preference-Applied: wait=N`. Every answer of such a route says `Vary: Prefer`: it depends on it.
 */
import type { Request, Response } from 'express';
import type { AnalysisControl } from '../../../shared/api.js';
import type { Domain } from '../../../shared/domain.js';
import { preferredWait } from '../../lib/http/prefer.js';

export interface HeldRead {
  /**
   * Waits, when the client asked to, for these domains to be analysed; returns the ones that
   * were. At once and empty when no wait was asked or no domain is given.
   */
  until(domains: readonly Domain[]): Promise<Domain[]>;
}

export function heldRead(req: Request, res: Response, service: Pick<AnalysisControl, 'whenAnalysed'>): HeldRead {
  const wait = preferredWait(req.get('prefer'));
  res.vary('Prefer');
  return {
    async until(domains) {
      if (wait === undefined || wait <= 0 || domains.length === 0) return [];
      const gone = new AbortController();
      res.once('close', () => gone.abort());
      const done = await Promise.all(domains.map((d) => service.whenAnalysed(d, wait * 1000, gone.signal)));
      res.setHeader('Preference-Applied', `wait=${wait}`);
      return domains.filter((_, i) => done[i]);
    },
  };
}
