import { describe, expect, it } from 'vitest';
import { analyzeAgentsJson } from '../../../../proxy/analysis/signals/agents-json.js';
import { notFound, response } from '../helpers/responses.js';

const json = (v: unknown) => response(JSON.stringify(v), { contentType: 'application/json' });

describe('analyzeAgentsJson', () => {
  it("recognises Wildcard's agents.json (OpenAPI flows)", () => {
    const r = analyzeAgentsJson(
      json({
        agentsJson: '0.1.0',
        info: { title: 'Resend', version: '0.1.0', description: 'Send email' },
        sources: [{ id: 'resend', path: 'https://raw.example/openapi.yaml' }],
        flows: [
          { id: 'send_email', title: 'Send', description: 'd', actions: [], links: [], fields: {} },
          { id: 'list', title: 'List', description: 'd', actions: [], links: [], fields: {} },
        ],
      }),
    );
    expect(r).toEqual({
      found: true,
      shape: 'wildcard',
      summary: { version: '0.1.0', title: 'Resend', entries: 2, sources: 1, automationAllowed: null },
      problem: null,
    });
  });

  it('recognises the site manifest shape with policies', () => {
    const r = analyzeAgentsJson(
      json({
        version: '1.0',
        name: 'Hacker News',
        description: 'News',
        data: [{ name: 'top', endpoint: 'https://hn.example/top.json', method: 'GET' }],
        actions: [{ name: 'submit', endpoint: 'https://hn.example/submit', method: 'POST' }],
        policies: { automation_allowed: false, rate_limit: '60 req/min' },
      }),
    );
    expect(r).toMatchObject({
      found: true,
      shape: 'site_manifest',
      summary: { version: '1.0', title: 'Hacker News', entries: 1, sources: 1, automationAllowed: false },
    });
  });

  it('recognises an agents list, and keeps any other object as found with shape other', () => {
    expect(analyzeAgentsJson(json({ agents: [{ name: 'a' }, { name: 'b' }] }))).toMatchObject({
      found: true,
      shape: 'agents_list',
      summary: { entries: 2 },
    });
    expect(analyzeAgentsJson(json({ hello: 'world' }))).toMatchObject({ found: true, shape: 'other' });
  });

  it('is not found for arrays, invalid JSON and non-2xx', () => {
    expect(analyzeAgentsJson(json([1, 2]))).toMatchObject({ found: false, problem: 'not a JSON object' });
    expect(analyzeAgentsJson(response('<html>'))).toMatchObject({ found: false, problem: 'not valid JSON' });
    expect(analyzeAgentsJson(notFound())).toMatchObject({ found: false, problem: 'no 2xx answer' });
    expect(analyzeAgentsJson(null).found).toBe(false);
  });
});
