/**
 * Through the real lookup service: a site whose robots.txt disallows the crawler's token gets
 * no homepage or terms request, and what the service shows for it says the homepage was not
 * fetched at the site's request.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CRAWLER_TOKEN } from '../../../proxy/crawler/index.js';
import { SignalsResponseSchema } from '../../../proxy/service/preview/schemas.js';
import { html, text } from '../../fixtures/farm.js';
import { startHarness, type Harness } from '../service/harness.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness({
    sites: {
      'optout-record.test': {
        routes: {
          '/': html('<a href="/terms">Terms of Service</a>'),
          '/terms': html('<h1>Terms</h1>'),
          '/robots.txt': text(`User-agent: ${CRAWLER_TOKEN}\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /\n`),
        },
      },
    },
  });
  key = await h.key();
});
afterAll(() => h.close());

it('records the homepage as not fetched, at the site’s request, and never asks for it', async () => {
  expect((await h.get('/v1/domain/optout-record.test', key)).status).toBe(200);
  await h.service.idle();
  const paths = h.farm.requests.filter((r) => r.host === 'optout-record.test').map((r) => r.path);
  expect(paths).toContain('/robots.txt');
  expect(paths).not.toContain('/');
  expect(paths).not.toContain('/terms');

  const signals = SignalsResponseSchema.parse(
    await (await h.get('/preview/v1/signals/optout-record.test', key)).json(),
  );
  expect(signals.homepage).toMatchObject({ outcome: 'refused', status: null });
  expect(signals.terms.status).toBeNull();

  const full = (await (await h.get('/v1/domain/optout-record.test/full', key)).json()) as {
    audit_id: string;
    homepage_status: number | null;
    ai_stance: string;
  };
  expect(full.homepage_status).toBeNull();
  // The stored crawl (the audit the record came from) says why.
  const audit = await h.service.store.records.audit(full.audit_id);
  const evidence = audit!.evidence;
  expect(evidence.homepage).toMatchObject({ kind: 'refused', robots: 'disallowed' });
  expect((evidence.homepage as { reason: string }).reason).toBe(
    `the site asks not to: robots.txt of optout-record.test disallows / for ${CRAWLER_TOKEN} (line 2: "Disallow: /")`,
  );
  // The policy itself is still read from robots.txt.
  expect(full.ai_stance).not.toBe('unreachable');
});
