/**
 * robots.txt-style path patterns as TDMRep (W3C TDMRep section 3.2.1, "location") and ai.txt
 * use them: a pattern matches a path prefix, `*` matches any sequence of characters and a
 * trailing `$` anchors the end (RFC 9309 section 2.2.3); case-sensitive. The robots.txt
 * matcher of this analysis is reused, so both files match exactly as robots.txt does
 * (percent-encoding normalised, linear, an empty pattern matches nothing).
 */
import { canonicalize, compilePattern, patternMatches } from '../../../shared/robots/index.js';

export function matchesPathPattern(pattern: string, path: string): boolean {
  return patternMatches(compilePattern(pattern), canonicalize(path));
}
