/**
 * A sensible e-mail check for signup (not full RFC 5322, which admits quoted strings and
 * comments no mailbox provider hands out): one `@`, a dot-atom local part of at most 64
 * octets (RFC 5321 section 4.5.3.1.1), and a domain that passes our own domain parser, so it
 * has at least two labels and is not an IP literal. At most 254 characters in all (RFC 3696
 * errata 1690). The domain is lower-cased; the local part is kept as given.
 */
import { parseDomain } from '../../../shared/domain.js';

const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

export type EmailParse = { ok: true; email: string } | { ok: false; message: string };

export function parseEmail(input: unknown): EmailParse {
  if (typeof input !== 'string') return { ok: false, message: 'email must be a string.' };
  const s = input.trim();
  if (s.length === 0) return { ok: false, message: 'email is empty.' };
  if (s.length > 254) return { ok: false, message: 'An e-mail address may be at most 254 characters.' };
  const at = s.lastIndexOf('@');
  if (at <= 0 || s.indexOf('@') !== at)
    return { ok: false, message: 'An e-mail address has the form name@example.com.' };
  const local = s.slice(0, at);
  if (local.length > 64 || !LOCAL.test(local)) return { ok: false, message: `"${local}" is not a valid mailbox name.` };
  const domain = parseDomain(s.slice(at + 1));
  if (!domain.ok) return { ok: false, message: `The part after @ is not a valid domain: ${domain.message}` };
  return { ok: true, email: `${local}@${domain.domain}` };
}
