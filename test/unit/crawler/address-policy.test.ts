/** The address policy: only globally routable unicast passes, embedded IPv4 is unwrapped. */
import { describe, expect, it } from 'vitest';
import { isIpLiteral, refusalReason } from '../../../proxy/crawler/address-policy.js';

describe('refusalReason', () => {
  it.each([
    ['8.8.8.8'],
    ['93.184.216.34'],
    ['1.1.1.1'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    ['::ffff:8.8.8.8'], // IPv4-mapped public
    ['64:ff9b::808:808'], // NAT64 of a public address (DNS64 networks)
    ['2002:808:808::1'], // 6to4 of a public address
  ])('allows %s', (a) => expect(refusalReason(a)).toBeNull());

  it.each([
    ['127.0.0.1', /loopback/],
    ['10.0.0.1', /private/],
    ['172.20.1.1', /private/],
    ['192.168.255.255', /private/],
    ['169.254.169.254', /link-local/],
    ['100.127.255.254', /carrier-grade NAT/],
    ['0.0.0.0', /unspecified/],
    ['224.0.0.1', /multicast/],
    ['255.255.255.255', /broadcast/],
    ['240.1.2.3', /reserved/],
    ['192.0.2.1', /reserved or documentation/],
    ['198.51.100.1', /documentation/],
    ['203.0.113.1', /documentation/],
    ['198.19.0.1', /reserved|benchmark/],
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['fe80::abcd', /link-local/],
    ['fd00::1', /unique-local/],
    ['ff05::2', /multicast/],
    ['2001:db8::1', /reserved or documentation/],
    ['::ffff:192.168.1.1', /embeds 192.168.1.1 is a private/],
    ['::ffff:7f00:1', /embeds 127.0.0.1/],
    ['::10.0.0.1', /embeds 10.0.0.1/],
    ['64:ff9b::c0a8:101', /embeds 192.168.1.1/],
    ['64:ff9b:1::1', /special-purpose/],
    ['2002:a9fe:a9fe::', /embeds 169.254.169.254/],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', /Teredo/],
    ['100::1', /discard/],
    ['[::1]', /loopback/],
  ])('refuses %s', (a, why) => expect(refusalReason(a)).toMatch(why));

  it.each(['', 'localhost', '127.1', '0x7f000001', '2130706433', '1.2.3.4.5', 'fe80::1%eth0', '2606:4700::1%1'])(
    'refuses non-canonical or non-address input %j',
    (a) => expect(refusalReason(a)).toMatch(/not a plain IP address/),
  );
});

describe('isIpLiteral', () => {
  it('tells literals from names', () => {
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('::1')).toBe(true);
    expect(isIpLiteral('example.com')).toBe(false);
    expect(isIpLiteral('127.1')).toBe(false);
  });
});
