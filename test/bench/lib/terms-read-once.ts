/**
 * One read of a terms worst case (test/unit/analysis/helpers/terms-worst.ts), for the instruction
 * count of terms-instructions.bench.ts: `node --import tsx terms-read-once.ts <checkout> <shape> <KiB>`
 * reads the `<shape>` case of `<KiB>` KiB (0: builds nothing, reads nothing) with the reader of
 * `<checkout>` (this repository, or another checkout to compare with). The input is always built
 * by this checkout's helper, so both readers read the same bytes.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { worstCases } from '../../unit/analysis/helpers/terms-worst.js';

const [root, shape, kib] = [process.argv[2]!, process.argv[3]!, Number(process.argv[4])];
const from = (path: string): Promise<unknown> => import(pathToFileURL(join(root, path)).href);
const { htmlBlocks } = (await from(
  'proxy/analysis/html/blocks.ts',
)) as typeof import('../../../proxy/analysis/html/blocks.js');
const { termsFromBlocks, termsFromText } = (await from(
  'proxy/analysis/site/terms-facts.ts',
)) as typeof import('../../../proxy/analysis/site/terms-facts.js');
if (kib > 0) {
  const d = worstCases(kib * 1024)[shape];
  if (d === undefined) throw new Error(`no worst case named ${shape}`);
  if (d.html) termsFromBlocks(htmlBlocks(d.body));
  else termsFromText(d.body);
}
