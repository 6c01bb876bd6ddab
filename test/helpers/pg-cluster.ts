/**
 * A PostgreSQL cluster of a test's own (initdb, pg_ctl from /usr/lib/postgresql/N/bin) on a
 * free port, in a temp folder: the test may stop it as a crash would (`pg_ctl stop -m
 * immediate`: every server process ends at once, nothing is checkpointed) and start it again,
 * which the shared server on 5432 must never suffer. initdb refuses to run as root, so under
 * root the cluster belongs to the `postgres` OS user (runuser), as Debian's own clusters do.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/helpers/stack.js';

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  readonly adminUrl: string;
  readonly port: number;
  /** The URL of a database on this cluster. */
  url(database: string): string;
  /** Ends every server process at once (`pg_ctl stop -m immediate`), as a crash of the server would. */
  crash(): void;
  start(): void;
  /** Stops the cluster (fast) and removes its folder. */
  remove(): void;
}

/** The newest installed server's bin folder, or null when none is installed. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server under /usr/lib/postgresql (Debian: apt-get install postgresql)');
  const root = userInfo().uid === 0;
  const base = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const data = join(base, 'data');
  if (root) {
    const [uid, gid] = postgresIds();
    chownSync(base, uid, gid);
  }
  // As the cluster's owner; output kept for the error when a step fails.
  const run = (tool: string, args: string[]) => {
    const cmd = root ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    try {
      execFileSync(cmd[0] as string, cmd[1] as string[], { stdio: 'pipe', timeout: 60_000 });
    } catch (err) {
      const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
      throw new Error(`${tool} ${args.join(' ')}: ${e.stderr?.toString() || e.stdout?.toString() || e.message}`);
    }
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const port = await freePort();
  const options = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const start = () => run('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', join(base, 'server.log'), '-o', options]);
  start();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: url('postgres'),
    port,
    url,
    crash: () => run('pg_ctl', ['stop', '-m', 'immediate', '-D', data]),
    start,
    remove() {
      try {
        run('pg_ctl', ['stop', '-m', 'fast', '-D', data]);
      } catch {
        /* not running */
      }
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** The `postgres` OS user's uid and gid (Debian's postgresql package creates it). */
function postgresIds(): [number, number] {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return [uid, gid];
}
