/** The package version, reported by /health and the OpenAPI document. */
import { readFileSync } from 'node:fs';

export const SERVICE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
