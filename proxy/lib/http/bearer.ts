/**
 * `Authorization: Bearer <token>` for both servers. RFC 9110 section 11.1: the scheme is
 * case-insensitive (`bearer`, `BEARER`); one or more spaces, then the token (RFC 6750 section
 * 2.1), trailing spaces allowed.
 */
const BEARER = /^bearer +(\S+) *$/i;

/** The token of a Bearer Authorization header, or undefined when there is none or it is malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}
