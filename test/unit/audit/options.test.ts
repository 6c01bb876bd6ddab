import { describe, expect, it } from 'vitest';
import { parseAuditArgs, UsageError } from '../../../proxy/audit/options.js';

describe('parseAuditArgs', () => {
  it('takes the list, with defaults for the rest', () => {
    const o = parseAuditArgs(['lists/top-1m.csv'], 7);
    // The run ends once every domain was tried, a failed check retried once a minute after it.
    expect(o).toMatchObject({ refreshDays: 7, rate: 10, waitRetries: false, retryPauseMs: 60_000 });
    if (o === 'help') throw new Error('not help');
    expect(o.list).toMatch(/\/lists\/top-1m\.csv$/);
    expect(o.out).toMatch(/\/audit-top-1m$/);
  });

  it('reads every option', () => {
    expect(
      parseAuditArgs(
        ['l.txt', '--out', 'here', '--refresh-days', '0', '--rate', '0.5', '--retry-pause', '5', '--wait-for-retries'],
        7,
      ),
    ).toMatchObject({
      refreshDays: 0,
      rate: 0.5,
      retryPauseMs: 5_000,
      waitRetries: true,
    });
    // Older scripts' flag asks for what is now the default.
    expect(parseAuditArgs(['l.txt', '--no-wait-retries'], 7)).toMatchObject({ waitRetries: false });
    expect(parseAuditArgs(['--help'], 7)).toBe('help');
  });

  it.each([
    [[], /Give the file/],
    [['a', 'b'], /exactly one/],
    [['l', '--rate', '0'], /--rate must be a number from 0.01 to 1000, not "0"/],
    [['l', '--rate', 'fast'], /--rate must be/],
    [['l', '--refresh-days', '1.5'], /--refresh-days must be a whole number/],
    [['l', '--refresh-days', '-1'], /--refresh-days/],
    [['l', '--workers', '2'], /Unknown option '--workers'/],
    [['l', '--retry-pause', '0'], /--retry-pause must be a whole number from 1 to 3600, not "0"/],
    [['l', '--retry-pause', '1.5'], /--retry-pause must be a whole number/],
    [['l', '--wait-for-retries', '--no-wait-retries'], /not both/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseAuditArgs(argv, 7)).toThrow(UsageError);
    expect(() => parseAuditArgs(argv, 7)).toThrow(message);
  });
});
