import { describe, expect, it } from 'vitest';
import { previewSearchParams as parseSearchParams } from '../../../../proxy/service/http/params.js';

describe('search text is matched the way names are stored', () => {
  it('announced search turns an IDN label into punycode', () => {
    expect(parseSearchParams({ q: 'bücher.de' }).q).toBe('xn--bcher-kva.de');
  });
});
