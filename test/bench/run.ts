/**
 * `npm run bench [-- name ...]`: runs every benchmark script in test/bench/*.bench.ts (or the
 * named ones) one after the other, each in its own process, and prints their figures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// Order: cheapest first, the browser last.
const ORDER = ['robots', 'terms', 'crawl', 'service', 'stats', 'gateway', 'hostile', 'extension', 'web'];
const all = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b));
const wanted = process.argv.slice(2);
const names = wanted.length ? all.filter((n) => wanted.includes(n)) : all;
for (const w of wanted) if (!all.includes(w)) console.error(`no benchmark named ${w} (have: ${all.join(', ')})`);

let failed = 0;
for (const name of names) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${name}.bench.ts`)], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  });
  if (r.status !== 0) {
    failed++;
    console.error(`benchmark ${name} failed (exit ${r.status})`);
  }
}
process.exit(failed ? 1 : 0);
