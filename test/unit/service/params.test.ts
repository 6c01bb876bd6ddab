import { describe, expect, it } from 'vitest';
import { searchParams } from '../../../proxy/service/http/params.js';
import { parseSearchParams } from '../../../proxy/service/preview/search.js';

describe('search text is matched the way names are stored', () => {
  it('reference search turns an IDN label into punycode', () => {
    expect(searchParams({ q: 'Bücher' }).q).toBe('xn--bcher-kva');
  });
  it('announced search does the same', () => {
    expect(parseSearchParams({ q: 'bücher.de' }).q).toBe('xn--bcher-kva.de');
  });
});
