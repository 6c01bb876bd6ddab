/**
 * shared/say.ts: the English written at the call with its substitutions, unless a translator
 * is installed; the word tables of shared/labels.ts ask when they are read, so a translator
 * installed after they were loaded (at an entry point's start) is used.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BADGE_VIEW, STANCE_LABELS, badgeTitle } from '../../../shared/labels.js';
import { say, setTranslator } from '../../../shared/say.js';
import { robotsReading } from '../../../shared/reading/story.js';
import { summaryRecord } from '../../fixtures/records.js';

afterEach(() => setTranslator(null));

describe('say', () => {
  it('says the English, $1…$9 replaced in any order, numbers as written', () => {
    expect(say('k', 'No AI rules')).toBe('No AI rules');
    expect(say('k', '$2 before $1; $1 again', 'one', 2)).toBe('2 before one; one again');
    // A substitution is not read again: a `$1` in it stays as it is.
    expect(say('k', 'a $1 b', '$2')).toBe('a $2 b');
    expect(say('k', 'missing $3', 'x')).toBe('missing ');
  });

  it('shows invisible and bidi characters of a substitution as their code points, for the English and the translator (issue 33)', () => {
    expect(say('k', 'line $1 (\u2018$2\u2019)', 2, 'Disallow: /private\u202Eevil\u202C/')).toBe(
      'line 2 (\u2018Disallow: /private\u27E8U+202E\u27E9evil\u27E8U+202C\u27E9/\u2019)',
    );
    const asked: string[][] = [];
    setTranslator((_, subs) => (asked.push(subs), undefined));
    expect(say('k', 'names $1', 'GPT\u200BBot')).toBe('names GPT\u27E8U+200B\u27E9Bot');
    expect(asked).toEqual([['GPT\u27E8U+200B\u27E9Bot']]);
  });

  it('asks the translator first, with the key and the substitutions as strings', () => {
    const asked: Array<[string, string[]]> = [];
    setTranslator((key, subs) => (asked.push([key, subs]), `<${key}:${subs.join(',')}>`));
    expect(say('badgeTitle', 'AI policy of $1: $2', 'a.test', 3)).toBe('<badgeTitle:a.test,3>');
    expect(asked).toEqual([['badgeTitle', ['a.test', '3']]]);
  });

  it('falls back to the English when the translator has no message for the key', () => {
    setTranslator(() => '');
    expect(say('k', 'Checked $1', 'now')).toBe('Checked now');
    setTranslator(() => undefined);
    expect(say('k', 'Checked')).toBe('Checked');
  });

  it('tables loaded before the translator was installed use it when read', () => {
    expect(STANCE_LABELS.blocks_training.label).toBe('Blocks AI training');
    setTranslator((key) => `T(${key})`);
    expect(STANCE_LABELS.blocks_training).toEqual({
      label: 'T(stanceBlocksTraining)',
      explanation: 'T(stanceBlocksTrainingInfo)',
    });
    expect({ ...BADGE_VIEW.selective }).toMatchObject({
      text: 'T(badgeSelective)',
      phrase: 'T(phraseSelective)',
      color: '#854d0e',
    });
    expect(badgeTitle('a.test', 'queued')).toBe('T(badgeTitle)');
    expect(robotsReading(summaryRecord('a.test')).clause).toBe('T(robotsWasReadClause)');
    setTranslator(null);
    expect(STANCE_LABELS.blocks_training.label).toBe('Blocks AI training');
  });
});
