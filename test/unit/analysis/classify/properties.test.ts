/**
 * Properties over generated evidence (fast-check): classify() never throws, its records always
 * pass the contract schemas, stance and detail agree with the seed's mapping, and the same
 * evidence always gives the same records.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../proxy/analysis/index.js';
import { AnnouncedRecordSchema, DomainPolicyFoundSchema, FullRecordSchema } from '../../../../shared/schemas.js';
import { DETAIL_STANCE } from '../../../../shared/values.js';
import { buildEvidence, failed, html, response, status } from '../helpers/evidence-builder.js';

const agent = fc.constantFrom(
  '*',
  'GPTBot',
  'gptbot/1.0',
  'ClaudeBot',
  'Google-Extended',
  'CCBot',
  'OAI-SearchBot',
  'PerplexityBot',
  'ChatGPT-User',
  'ChatGPT Agent',
  'anthropic-ai',
  'Googlebot',
  'SomeBot',
  '',
);
const path = fc.constantFrom('/', '', '/*', '/private/', '/$', '/a*b$', '/search', '/%2A', '/ツ');
const line = fc.oneof(
  agent.map((a) => `User-agent: ${a}`),
  path.map((p) => `Disallow: ${p}`),
  path.map((p) => `Allow: ${p}`),
  fc.constantFrom(
    'Content-Signal: ai-train=no',
    'Content-Signal: search=yes, ai-input=no',
    'Content-Usage: train-ai=y',
    'Crawl-delay: 5',
    'Sitemap: https://x.test/s.xml',
    'Foo: bar',
    '# comment',
    '',
    'garbage line here',
    'disallow /',
  ),
  fc.string({ maxLength: 40 }),
);
const robotsBody = fc.array(line, { maxLength: 30 }).map((ls) => ls.join('\n'));
const robots = fc.oneof(
  robotsBody,
  fc.constantFrom(status(403), status(404), status(503), failed('timeout'), html('<html>soft 404</html>')),
);
const header = fc.dictionary(
  fc.constantFrom('content-signal', 'x-robots-tag', 'tdm-reservation', 'content-usage', 'cf-ray'),
  fc.constantFrom('ai-train=no', 'noai', '1', '0', 'train-ai=n', 'x', ''),
);

const FullBody = FullRecordSchema.omit({ id: true, audit_id: true });
const AnnouncedBody = AnnouncedRecordSchema.omit({ audit_id: true });

describe('classify properties', () => {
  it('never throws, always valid, deterministic', () => {
    fc.assert(
      fc.property(robots, header, fc.boolean(), fc.option(fc.string({ maxLength: 60 })), (r, headers, homeUp, llms) => {
        const o = {
          robots: r,
          homepage: homeUp ? html('<html><head><title>t</title></head></html>', { headers }) : failed('connect'),
          llms: llms === null ? undefined : response(llms),
        };
        const c = classify(buildEvidence(o));
        DomainPolicyFoundSchema.parse(c.summary);
        FullBody.parse(c.full);
        AnnouncedBody.parse(c.announced);
        expect(DETAIL_STANCE[c.summary.detail]).toBe(c.summary.stance);
        expect(JSON.stringify(classify(buildEvidence(o)))).toBe(JSON.stringify(c));
      }),
      { numRuns: 300 },
    );
  });
});
