import { describe, expect, it } from 'vitest';
import { parseEmail } from '../../../../proxy/service/http/email.js';

describe('signup e-mail check', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  Ada.Lovelace+api@Example.CO.uk ', 'Ada.Lovelace+api@example.co.uk'],
    ["o'brien@bücher.de", "o'brien@xn--bcher-kva.de"],
  ])('accepts %j', (input, email) => expect(parseEmail(input)).toEqual({ ok: true, email }));

  it.each([
    [undefined],
    [42],
    [''],
    ['plainaddress'],
    ['@example.com'],
    ['a@@example.com'],
    ['a@b@example.com'],
    ['a@localhost'],
    ['a@127.0.0.1'],
    ['a@[127.0.0.1]'],
    ['.a@example.com'],
    ['a..b@example.com'],
    ['a b@example.com'],
    ['a@exa mple.com'],
    [`${'x'.repeat(65)}@example.com`],
    [`a@${'x'.repeat(250)}.com`],
  ])('refuses %j', (input) => expect(parseEmail(input).ok).toBe(false));
});
