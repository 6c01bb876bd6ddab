/** Shared set-up for the gateway's integration tests: temp folders, captured logs, a started gateway. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { REDACT_PATHS, type Logger } from '../../../proxy/lib/logger.js';
import { loadGatewayConfig } from '../../../proxy/gateway/program-config.js';
import { startGateway, type RunningGateway, type StartOptions } from '../../../proxy/gateway/start.js';
import { text, type FixtureResponse, type FixtureSite } from '../../fixtures/farm.js';
import { homepage } from '../../fixtures/stance-sites.js';

export const CLIENT = { 'x-ai-policy-lens': '1' } as const;
export const EXT_ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A logger at debug level whose lines are kept, so tests can scan them for secrets. */
export function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString('utf8'));
      cb();
    },
  });
  return { logger: pino({ level: 'debug', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream), lines };
}

export interface TestGateway extends RunningGateway {
  dataDir: string;
  logs: string[];
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

export async function startTestGateway(
  env: Record<string, string>,
  opts: StartOptions = {},
  dataDir?: string,
): Promise<TestGateway> {
  const dir = dataDir ?? tempDir('gw-test-').path;
  const { logger, lines } = capturedLogger();
  const config = loadGatewayConfig({ PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'debug', ...env });
  const gw = await startGateway(config, { logger, ...opts });
  return Object.assign(gw, {
    dataDir: dir,
    logs: lines,
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(`${gw.url}${path}`, { headers: { ...CLIENT, ...headers } }),
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${gw.url}${path}`, {
        method: 'POST',
        headers: { ...CLIENT, 'content-type': 'application/json', origin: EXT_ORIGIN, ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  });
}

/** Every header and the body of a response, as one string (for secret scans). */
export async function dump(res: Response): Promise<string> {
  const headers = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  return `${res.status}\n${headers}\n\n${await res.text()}`;
}

/**
 * A fixture site whose every file answers after `delayMs`, with this robots.txt; the time each
 * answer is due goes into `ends`, so a test knows when the crawl's last file arrived.
 */
export function slowSite(robots: string, delayMs: number, ends: number[] = []): FixtureSite {
  const timed = (body: () => FixtureResponse) => () => {
    ends.push(Date.now() + delayMs);
    return { ...body(), delayMs };
  };
  return {
    routes: { '/robots.txt': timed(() => text(robots)), '/': timed(() => homepage('Slow site')) },
    fallback: timed(() => text('Not found', {}, 404)),
  };
}

/** Slack between a crawl's last file and the held answer: storing, the event, one cache read. */
export const HELD_MARGIN_MS = 300;
