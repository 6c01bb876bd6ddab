/**
 * DNS rebinding defence, for both servers. A web page on a name that an
 * attacker's DNS turns into 127.0.0.1 is same-origin with this server: the browser sends any
 * header without a preflight, but its Host header still carries the attacker's name. So a
 * request is answered only when its Host (RFC 9110 section 7.2) names this server:
 *
 * - the address the connection came in on (`socket.localAddress`: 127.0.0.1 by default; on a
 *   wildcard HOST, the interface the client reached), `localhost` or `[::1]`, with the port
 *   it came in on (none means 80);
 * - or a name listed in ALLOWED_HOSTS (any port): the public name of a reverse proxy in front.
 *
 * Anything else is 421 Misdirected Request (RFC 9110 section 15.5.20) with the seed's error
 * object; a request without Host is 400. IP literals of other machines are refused as well:
 * a rebinding page always uses a name, but a Host nobody configured is a mistake worth saying.
 */
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { ConfigError, list, type Env } from '../env.js';
import { HttpError } from '../http-error.js';

const NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/i;

/** ALLOWED_HOSTS: host names (or bracketed IPv6 literals) without scheme or port, comma separated. */
export function allowedHostsOf(env: Env): string[] {
  return list(env, 'ALLOWED_HOSTS').map((h) => {
    if (!NAME.test(h) && !IPV6_LITERAL.test(h)) {
      throw new ConfigError(
        'ALLOWED_HOSTS',
        `"${h}" is not a host name; give names such as lens.example.com, without scheme or port`,
      );
    }
    return h.toLowerCase().replace(/\.$/, '');
  });
}

/** A Host header split into its lower-case name (IPv6 in brackets, no trailing dot) and port, or null when malformed. */
export function splitHost(host: string): { name: string; port: number } | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  if (!m) return null;
  return { name: m[1]!.toLowerCase().replace(/\.$/, ''), port: m[2] === undefined ? 80 : Number(m[2]) };
}

/** The connection's local address as a Host name: IPv4 as is (also when IPv4-mapped), IPv6 in brackets. */
function localName(socket: Socket): string {
  const a = (socket.localAddress ?? '').toLowerCase();
  if (a.startsWith('::ffff:') && a.includes('.')) return a.slice(7);
  return a.includes(':') ? `[${a}]` : a;
}

export function hostGuard(allowedHosts: readonly string[]): RequestHandler {
  const allowed = new Set(allowedHosts);
  // The last Host accepted on each connection: a keep-alive client sends the same one each time.
  const accepted = new WeakMap<Socket, string>();
  return (req, _res, next) => {
    const host = req.headers.host;
    if (host !== undefined && accepted.get(req.socket) === host) return next();
    if (host === undefined || host === '')
      throw new HttpError(400, 'invalid_params', 'Send a Host header naming this server.');
    const h = splitHost(host);
    const local =
      h !== null &&
      h.port === req.socket.localPort &&
      (h.name === 'localhost' || h.name === '[::1]' || h.name === localName(req.socket));
    if (!local && !(h !== null && allowed.has(h.name))) {
      const shown = host.slice(0, 100);
      throw new HttpError(
        421,
        'forbidden',
        `This server does not answer for the host "${shown}". If it is reached under that name (a reverse proxy), add the name to ALLOWED_HOSTS.`,
      );
    }
    accepted.set(req.socket, host);
    next();
  };
}
