/**
 * A PostgreSQL cluster of a test's own (initdb, pg_ctl from /usr/lib/postgresql/N/bin) on a
 * free port, in a temp folder: the test may stop it as a crash would (`pg_ctl stop -m
 * immediate`: every server process ends at once, nothing is checkpointed), stop it cleanly,
 * freeze it (SIGSTOP to every process of the cluster: connections stay open and nothing
 * answers), thaw it and start it again, which the shared server on 5432 must never suffer. initdb refuses to run as root, so under
 * root the cluster belongs to the `postgres` OS user (runuser), as Debian's own clusters do.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
  /** Stops the cluster cleanly (`pg_ctl stop -m fast`). */
  stop(): void;
  /** SIGSTOP to every process of the cluster: connections stay open and nothing answers. */
  freeze(): void;
  /** SIGCONT to every process frozen, and any the cluster has now. */
  thaw(): void;
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
      throw new Error(`${tool} ${args.join(' ')}: ${e.stderr?.toString() || e.stdout?.toString() || e.message}`, {
        cause: err,
      });
    }
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const port = await freePort();
  const options = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const start = () =>
    run('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', join(base, 'server.log'), '-o', options]);
  start();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let frozen: number[] = [];
  const cluster: PgCluster = {
    adminUrl: url('postgres'),
    port,
    url,
    crash: () => run('pg_ctl', ['stop', '-m', 'immediate', '-D', data]),
    stop: () => run('pg_ctl', ['stop', '-m', 'fast', '-w', '-D', data]),
    freeze() {
      frozen = clusterPids(data);
      signal('SIGSTOP', frozen);
    },
    thaw() {
      signal('SIGCONT', [...new Set([...frozen, ...clusterPids(data)])]);
      frozen = [];
    },
    start,
    remove() {
      if (frozen.length > 0) cluster.thaw();
      try {
        run('pg_ctl', ['stop', '-m', 'fast', '-D', data]);
      } catch {
        /* not running */
      }
      rmSync(base, { recursive: true, force: true });
    },
  };
  return cluster;
}

function signal(sig: NodeJS.Signals, pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      /* gone */
    }
  }
}

/** Every process of the cluster: the postmaster and its children (read from /proc). */
function clusterPids(dataDir: string): number[] {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return [];
  const main = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const pids = [main];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/PID/stat is the parent; the name (field 2) may hold spaces, so read after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === main) pids.push(Number(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return pids;
}

/** The `postgres` OS user's uid and gid (Debian's postgresql package creates it). */
function postgresIds(): [number, number] {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return [uid, gid];
}
