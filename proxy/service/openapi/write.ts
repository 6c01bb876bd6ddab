/** `npx tsx proxy/service/openapi/write.ts`: regenerates proxy/service/openapi.json from the code. */
import { writeFileSync } from 'node:fs';
import { serializeOpenApi } from './build.js';

const target = new URL('../openapi.json', import.meta.url);
writeFileSync(target, serializeOpenApi());
process.stdout.write(`wrote ${target.pathname}\n`);
