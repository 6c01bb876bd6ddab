/**
 * A PostgreSQL cluster of a test's own, on a free port, that the test can stop, start, freeze
 * (SIGSTOP to every process of the cluster: connections stay open and nothing answers) and
 * thaw. initdb and pg_ctl from the Debian package (/usr/lib/postgresql/N/bin); PostgreSQL
 * refuses to run as root, so as root the cluster runs as the `postgres` user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  readonly url: string;
  start(): void;
  /** Fast shutdown: connections are closed, clients see 57P01 then refused connections. */
  stop(): void;
  freeze(): void;
  thaw(): void;
  /** Stops (thawed first) and deletes the data folder. */
  remove(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The uid/gid to run as: ours, or the postgres user's when we are root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Every process of the cluster: the postmaster and its children. */
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

export async function startPgCluster(): Promise<PgCluster> {
  const bin = binDir();
  const user = runAs();
  const dataDir = mkdtempSync(join(tmpdir(), 'lens-pg-'));
  if (user) chownSync(dataDir, user.uid, user.gid);
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const r = spawnSync(join(bin, tool), args, { ...user, encoding: 'utf8', cwd: tmpdir() });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dataDir} -c fsync=off -c max_connections=60`;
  let frozen: number[] = [];
  const signal = (sig: NodeJS.Signals, pids: number[]) => {
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
      } catch {
        /* gone */
      }
    }
  };
  const cluster: PgCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dataDir, 'server.log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    freeze() {
      frozen = clusterPids(dataDir);
      signal('SIGSTOP', frozen);
    },
    thaw() {
      // Every process stopped, and any the cluster has now.
      signal('SIGCONT', [...new Set([...frozen, ...clusterPids(dataDir)])]);
      frozen = [];
    },
    remove() {
      if (frozen.length > 0) cluster.thaw();
      if (existsSync(join(dataDir, 'postmaster.pid'))) spawnSync(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { ...user });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
