#!/usr/bin/env node
/**
 * After npm install: `wxt prepare` writes .wxt/ (the types the extension and the main
 * tsconfig need). WXT is a dev dependency, so a production install (npm ci --omit=dev), which
 * runs only the servers, skips it instead of failing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const wxt = fileURLToPath(new URL('../node_modules/wxt/bin/wxt.mjs', import.meta.url));
if (!existsSync(wxt)) process.exit(0);
const r = spawnSync(process.execPath, [wxt, 'prepare'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
