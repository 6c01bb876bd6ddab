/** Mapping thrown errors to the evidence's failure reasons. */
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../../proxy/crawler/failure.js';

const err = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('classifyFailure', () => {
  it.each([
    [err('ENOTFOUND'), 'dns'],
    [err('ECONNREFUSED'), 'connect'],
    [err('ECONNRESET'), 'connect'],
    [err('UND_ERR_SOCKET'), 'connect'],
    [err('UND_ERR_CONNECT_TIMEOUT'), 'timeout'],
    [err('UND_ERR_HEADERS_TIMEOUT'), 'timeout'],
    [err('ERR_SSL_WRONG_VERSION_NUMBER'), 'tls'],
    [err('CERT_HAS_EXPIRED'), 'tls'],
    [err('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls'],
    [err('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls'],
    [err('HPE_INVALID_CONSTANT'), 'protocol'],
    [err('Z_DATA_ERROR'), 'protocol'],
    [Object.assign(new Error('fetch failed'), { cause: err('ECONNREFUSED') }), 'connect'],
    [new Error('mystery'), 'protocol'],
    ['a string', 'protocol'],
  ])('%s → %s', (e, reason) => expect(classifyFailure(e).reason).toBe(reason));

  it('keeps the code in the message', () => {
    expect(classifyFailure(err('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1')).message).toBe(
      'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1',
    );
  });
});
