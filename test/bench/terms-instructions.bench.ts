/**
 * The terms reader's worst cases counted in instructions, not seconds (issue 34: a 1 MiB document
 * without sentence ends, and twice it at most twice the work). CPU time on a shared 2-core machine
 * swings by half from run to run; an instruction count under `valgrind --tool=callgrind` is the
 * same for the same program and input whatever else the machine does. For each shape, one read
 * of 1 MiB and of 2 MiB in a fresh process (test/bench/lib/terms-read-once.ts), less a process
 * that reads nothing (start-up, module loading), and their ratio. With COMPARE_WITH=<another
 * checkout> (say a `git worktree` of an earlier commit, its node_modules linked), that checkout's
 * reader is counted the same way in the same run, on the same bytes.
 *
 * `npm run bench -- terms-instructions` (a minute or two of valgrind per read, 6 minutes for one
 * reader and 13 with COMPARE_WITH on the 2-core machine). By default the two shapes that cost
 * most; TERMS_SHAPES=all for every shape of terms-worst.ts. Prints a note and exits 0 where
 * valgrind is not installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { worstCases } from '../unit/analysis/helpers/terms-worst.js';

const here = dirname(fileURLToPath(import.meta.url));
const own = resolve(here, '../..');
const other = process.env.COMPARE_WITH ? resolve(process.env.COMPARE_WITH) : null;
const shapes =
  process.env.TERMS_SHAPES === 'all'
    ? Object.keys(worstCases(1))
    : ['one line of text', 'a lead-in and a megabyte of items'];

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.log('valgrind is not installed here: no instruction counts (apt-get install valgrind)');
  process.exit(0);
}

// Callgrind's profile goes to a folder of our own, removed at the end: never to /dev/null, which
// valgrind running as root replaces with a regular file.
const scratch = mkdtempSync(join(tmpdir(), 'terms-instructions-'));
let runs = 0;

/** Instructions of one process reading `shape` at `kib` KiB with `root`'s reader. */
function count(root: string, shape: string, kib: number): Promise<number> {
  const out = join(scratch, `callgrind.${runs++}`);
  return new Promise((done, fail) => {
    const child = spawn(
      'valgrind',
      [
        '--tool=callgrind',
        `--callgrind-out-file=${out}`,
        // Node writes the code it compiles: valgrind must see it change.
        '--smc-check=all-non-file',
        process.execPath,
        '--import',
        'tsx',
        join(here, 'lib/terms-read-once.ts'),
        root,
        shape,
        String(kib),
      ],
      { cwd: own, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('close', (code) => {
      rmSync(out, { force: true });
      const m = /Collected : (\d+)/.exec(err);
      if (code === 0 && m) done(Number(m[1]));
      else fail(new Error(`valgrind exited ${code}: ${err.slice(-500)}`));
    });
  });
}

/** Runs the jobs two at a time (the machine's two cores; counts do not depend on it). */
async function inPairs<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

const roots = other ? [own, other] : [own];
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const G = (n: number) => `${(n / 1e9).toFixed(2)} G`;
for (const shape of shapes) {
  const jobs = roots.flatMap((root) => [0, 1024, 2048].map((kib) => () => count(root, shape, kib)));
  const counts = await inPairs(jobs);
  roots.forEach((root, r) => {
    const [none, one, two] = counts.slice(r * 3, r * 3 + 3) as [number, number, number];
    const a = one - none;
    const b = two - none;
    console.log(
      `${root === own ? 'this reader ' : `${root}: `}${shape.padEnd(34)} 1 MiB ${G(a)} instructions; 2 MiB ${G(b)} (${(b / a).toFixed(2)}x; goal <= 2x)`,
    );
  });
}
