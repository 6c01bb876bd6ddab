/**
 * JudgedParts (proxy/service/judged-parts.ts): a record read again gets back the rule objects
 * already judged (so their compiled patterns are reused) only when they are equal in every
 * value; any change, in rules or signals, is judged afresh.
 */
import { describe, expect, it } from 'vitest';
import { JudgedParts } from '../../../proxy/service/judged-parts.js';
import type { DomainPolicyFound } from '../../../shared/schemas.js';
import { summaryRecord } from '../../fixtures/records.js';

const rec = (rules: [0 | 1, string, number][], signal = false): DomainPolicyFound =>
  JSON.parse(
    JSON.stringify(
      summaryRecord('a.test', {
        path_rules: { groups: [{ agents: ['gptbot'], rules }], truncated: false },
        path_signals: {
          content_signals: signal
            ? [{ agents: ['*'], path: null, training: false, line: 1, evidence: 'Content-Signal: ai-train=no' }]
            : [],
          tdmrep: null,
          ai_txt: null,
          noai: [],
          truncated: false,
        },
      }),
    ),
  ) as DomainPolicyFound;

describe('JudgedParts', () => {
  it('puts back equal parts, keeps changed ones', () => {
    const parts = new JudgedParts();
    const first = parts.reuse(rec([[0, '/a/', 2]]));
    const again = parts.reuse(rec([[0, '/a/', 2]]));
    expect(again.path_rules).toBe(first.path_rules);
    expect(again.path_signals).toBe(first.path_signals);
    for (const changed of [
      rec([[0, '/b/', 2]]),
      rec([[1, '/a/', 2]]),
      rec([[0, '/a/', 3]]),
      rec([
        [0, '/a/', 2],
        [0, '/c/', 3],
      ]),
      rec([[0, '/a/', 2]], true),
    ]) {
      const got = parts.reuse(changed);
      expect(got.path_rules).toBe(changed.path_rules);
      expect(got.path_signals).toBe(changed.path_signals);
      parts.reuse(rec([[0, '/a/', 2]]));
    }
  });
});
