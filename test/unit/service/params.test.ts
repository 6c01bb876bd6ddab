import { describe, expect, it } from 'vitest';
import { parseSearchParams } from '../../../proxy/service/preview/search.js';

describe('search text is matched the way names are stored', () => {
  it('announced search turns an IDN label into punycode', () => {
    expect(parseSearchParams({ q: 'bücher.de' }).q).toBe('xn--bcher-kva.de');
  });
});
