/**
 * The files in deploy/, each checked by the tool that reads it, as Debian packages them:
 * systemd's own verifier and security analysis for the units (gateway and crawl worker),
 * `nginx -t` and `caddy validate` for the reverse proxies, and a Dockerfile validator (no
 * Docker engine runs here) plus the build context the Dockerfile copies from. The example
 * settings go through the real configuration parsers: the gateway's in this process, the
 * worker's by starting the compiled worker, built from a copy of the sources as
 * `npm run build:server` builds it. A missing tool skips its check with the reason, except
 * under CI, where .ci/run installs them and a missing one is a failure.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContact } from '../../../proxy/crawler/user-agent.js';
import { loadGatewayConfig } from '../../../proxy/gateway/program-config.js';
import { loadServiceConfig } from '../../../proxy/service/config.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEPLOY = join(ROOT, 'deploy');
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'lens-ops-deploy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs a tool; "missing" when it is not installed. */
function tool(
  cmd: string,
  args: string[],
  cwd = ROOT,
): { missing: boolean; status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 60_000 });
  const error: NodeJS.ErrnoException | undefined = r.error;
  const missing = error?.code === 'ENOENT';
  return { missing, status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** A check that needs `name`: skipped, saying why, when it is absent outside CI. */
function withTool(name: string, pkg: string): typeof it {
  const present = spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
  if (present || process.env.CI === 'true') return it;
  return ((title: string, fn: () => unknown) =>
    it.skip(`${title} (skipped: ${name} is not installed; apt-get install ${pkg})`, fn)) as typeof it;
}

/** The script path a `node ... dist/...js` command line runs. */
const scriptOf = (line: string) => /(dist\/\S+\.js)/.exec(line)?.[1];

/** The settings lines (`NAME=value`) of an example env file. */
const envOf = (file: string): Record<string, string> =>
  Object.fromEntries(
    read(file)
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

/** A unit's [Service] lines, comments and blank lines left out. */
const serviceLines = (unit: string) => {
  const text = read(`deploy/${unit}`);
  const section = text.slice(text.indexOf('[Service]\n') + 10, text.indexOf('\n[Install]'));
  return section.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
};
const execStart = (unit: string) => serviceLines(unit).find((l) => l.startsWith('ExecStart='))!;

/** Each unit and the npm script it runs as a service. */
const UNITS = [
  { unit: 'ai-policy-lens-gateway.service', script: 'start', entry: 'dist/proxy/gateway/main.js' },
  { unit: 'ai-policy-lens-worker.service', script: 'worker', entry: 'dist/proxy/service/worker.js' },
] as const;

describe.each(UNITS)('the systemd unit $unit', ({ unit, script, entry }) => {
  withTool('systemd-analyze', 'systemd')('passes systemd-analyze verify with no warning', () => {
    const r = tool('systemd-analyze', ['verify', join(DEPLOY, unit)]);
    expect(r.stderr + r.stdout).toBe('');
    expect(r.status).toBe(0);
  });

  withTool('systemd-analyze', 'systemd')(
    'is hardened: systemd-analyze security rates its exposure at most 2.0 of 10',
    () => {
      const r = tool('systemd-analyze', [
        'security',
        '--offline=true',
        '--threshold=20',
        '--no-pager',
        join(DEPLOY, unit),
      ]);
      expect(r.status, r.stdout).toBe(0);
      const score = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(r.stdout)?.[1]);
      expect(score).toBeLessThanOrEqual(2);
    },
  );

  it(`starts the same compiled entry point as npm run ${script}`, () => {
    const npm = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts[script]!;
    expect(scriptOf(execStart(unit))).toBe(scriptOf(npm));
    expect(scriptOf(npm)).toBe(entry);
  });
});

describe('the units’ settings', () => {
  it('the gateway runs as its own user with state in StateDirectory, ProtectSystem=strict and NoNewPrivileges', () => {
    const unit = read('deploy/ai-policy-lens-gateway.service');
    for (const line of [
      'User=ai-policy-lens',
      'StateDirectory=ai-policy-lens',
      'Environment=DATA_DIR=/var/lib/ai-policy-lens',
      'ProtectSystem=strict',
      'NoNewPrivileges=yes',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
  });

  it('the worker has the gateway’s user and hardening, its own settings file and nothing writable', () => {
    // What may differ: the settings file, the script, the stop timeout and the gateway's state folder.
    const own = /^(EnvironmentFile|ExecStart|TimeoutStopSec|StateDirectory|StateDirectoryMode|Environment=DATA_DIR)=/;
    const gateway = serviceLines('ai-policy-lens-gateway.service').filter((l) => !own.test(l));
    const worker = serviceLines('ai-policy-lens-worker.service');
    expect(worker.filter((l) => !own.test(l)).sort()).toEqual(gateway.sort());
    expect(worker).toContain('EnvironmentFile=/etc/ai-policy-lens/worker.env');
    expect(worker.filter((l) => /^(StateDirectory|ReadWritePaths|Environment=DATA_DIR)=/.test(l))).toEqual([]);
  });

  it('the worker is not restarted after a configuration error (exit 2) and gets longer than its 25 s of crawls to stop', () => {
    const worker = serviceLines('ai-policy-lens-worker.service');
    expect(worker).toContain('RestartPreventExitStatus=2');
    expect(worker).toContain('Restart=on-failure');
    const stopS = Number(/^TimeoutStopSec=(\d+)s$/.exec(worker.find((l) => l.startsWith('TimeoutStopSec='))!)?.[1]);
    // proxy/service/queue/pgboss-workers.ts lets running crawls finish for 25 s, then aborts them.
    expect(read('proxy/service/queue/pgboss-workers.ts')).toContain('const STOP_GRACE_MS = 25_000;');
    expect(stopS).toBeGreaterThanOrEqual(35);
  });
});

describe('the reverse proxies', () => {
  withTool('nginx', 'nginx')('nginx.conf passes nginx -t (with a throwaway certificate in place of certbot’s)', () => {
    const cert = tool('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=lens.example.org',
      '-keyout',
      join(work, 'privkey.pem'),
      '-out',
      join(work, 'fullchain.pem'),
    ]);
    expect(cert.status, cert.stderr).toBe(0);
    const site = read('deploy/nginx.conf').replaceAll('/etc/letsencrypt/live/lens.example.org', work);
    writeFileSync(join(work, 'site.conf'), site);
    // The main nginx.conf Debian ships, reduced to what `nginx -t` needs, with every path in the temp folder.
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((k) => `  ${k}_temp_path ${join(work, k)};`)
      .join('\n');
    writeFileSync(
      join(work, 'nginx.conf'),
      `pid ${join(work, 'nginx.pid')};\nerror_log ${join(work, 'error.log')};\nevents {}\nhttp {\n  access_log off;\n${temp}\n  include ${join(work, 'site.conf')};\n}\n`,
    );
    const r = tool('nginx', ['-t', '-c', join(work, 'nginx.conf'), '-p', work]);
    expect(r.stderr).toContain('test is successful');
    expect(r.stderr).not.toMatch(/\[(warn|emerg)\]/);
    expect(r.status).toBe(0);
  });

  withTool('caddy', 'caddy')('Caddyfile passes caddy validate, formatted as caddy fmt writes it', () => {
    const r = tool('caddy', ['validate', '--config', join(DEPLOY, 'Caddyfile'), '--adapter', 'caddyfile']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('Valid configuration');
    expect(r.stderr).not.toContain('not formatted');
  });

  it('both forward to the gateway on 127.0.0.1:8787 with the client’s Host and one trusted hop', () => {
    expect(read('deploy/Caddyfile')).toMatch(/^\s*reverse_proxy 127\.0\.0\.1:8787\s*$/m);
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toContain('server 127.0.0.1:8787;');
    expect(nginx).toContain('proxy_set_header Host $host;');
    // Replaced, never appended ($proxy_add_x_forwarded_for would let a client add hops).
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
  });
});

describe('the example settings (deploy/gateway.env)', () => {
  const env = envOf('deploy/gateway.env');

  it('set the reverse-proxy trio and a crawler contact', () => {
    expect(env).toMatchObject({ HOST: '127.0.0.1', PORT: '8787', TRUST_PROXY: '1', ALLOWED_HOSTS: 'lens.example.org' });
    expect(env.PROXY_TOKEN!.length).toBeGreaterThanOrEqual(16);
    expect(parseContact(env.CRAWLER_CONTACT!)).toBe(env.CRAWLER_CONTACT);
  });

  it('are accepted by the gateway’s own configuration parser', () => {
    const dataDir = join(work, 'data');
    mkdirSync(dataDir, { recursive: true });
    const config = loadGatewayConfig({ ...env, DATA_DIR: dataDir });
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8787, trustProxy: 1, proxyToken: env.PROXY_TOKEN });
  });
});

describe('the compiled worker and its example settings (deploy/worker.env)', () => {
  const env = envOf('deploy/worker.env');
  const build = join(work, 'build');

  beforeAll(() => {
    // A copy of the sources, built as `npm run build:server` builds them: the checkout's own
    // dist/ is left to the tests that use it (production-install.test.ts rebuilds it).
    for (const entry of ['package.json', 'tsconfig.server.json', 'scripts', 'proxy', 'shared'])
      cpSync(join(ROOT, entry), join(build, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(build, 'node_modules'), 'dir');
    const r = tool(process.execPath, ['scripts/server-build.mjs', 'build'], build);
    expect(r.status, r.stdout + r.stderr).toBe(0);
  }, 120_000);

  /** Runs the worker as its unit does (ExecStart, in the working directory), with only `vars` set. */
  const runWorker = (vars: Record<string, string>) => {
    const [, ...args] = execStart('ai-policy-lens-worker.service').slice('ExecStart='.length).split(' ');
    const r = spawnSync(process.execPath, args, {
      cwd: build,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', ...vars },
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };
  /** The example's database URL, pointed at a closed port on this machine. */
  const unreachable = () => {
    const url = new URL(env.DATABASE_URL!);
    url.host = '127.0.0.1:1';
    return url.href;
  };

  it('builds both units’ ExecStart scripts', () => {
    for (const { unit } of UNITS) expect(existsSync(join(build, scriptOf(execStart(unit))!)), unit).toBe(true);
  });

  it('name only settings the worker reads, each with a value its configuration parser accepts', () => {
    const readers = read('proxy/service/config.ts') + read('proxy/lib/log-level.ts') + read('proxy/crawler/index.ts');
    const named = [...read('deploy/worker.env').matchAll(/^#?([A-Z][A-Z_]+)=/gm)].map((m) => m[1]!);
    expect(named).toContain('DATABASE_URL');
    for (const name of named) expect(readers.includes(`'${name}'`) || readers.includes(`env.${name}`), name).toBe(true);
    const config = loadServiceConfig(env);
    expect(config.databaseUrl).toBe(env.DATABASE_URL);
    expect(parseContact(env.CRAWLER_CONTACT!)).toBe(env.CRAWLER_CONTACT);
    // A worker needs CRAWL_CONCURRENCY + 2 connections (README "Service on PostgreSQL").
    expect(config.postgres.poolMax).toBeGreaterThanOrEqual(config.crawlConcurrency + 2);
    expect(config.postgres.jobExpireSeconds).toBeGreaterThan(20);
  });

  it('are accepted by the compiled worker, which then stops at the unreachable database (exit 1, restarted)', () => {
    const r = runWorker({ ...env, DATABASE_URL: unreachable() });
    expect(r.out).not.toContain('Configuration error');
    expect(r.out).toContain('cannot open the PostgreSQL database (DATABASE_URL)');
    expect(r.status).toBe(1);
  });

  it('without DATABASE_URL stop the compiled worker with a configuration error (exit 2, not restarted)', () => {
    const { DATABASE_URL: _, ...rest } = env;
    const r = runWorker(rest);
    expect(r.out).toContain('Configuration error: DATABASE_URL');
    expect(r.status).toBe(2);
  });
});

describe('the container recipe', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('passes a Dockerfile validator (dockerfile-utils, the checks of the VS Code Docker language server)', () => {
    const r = tool(process.execPath, [
      join(ROOT, 'node_modules/dockerfile-utils/bin/dockerfile-utils'),
      'lint',
      join(DEPLOY, 'Dockerfile'),
    ]);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('copies only files that exist and that .dockerignore leaves in the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(sources.length).toBeGreaterThan(3);
    for (const src of sources) {
      expect(existsSync(join(ROOT, src)), src).toBe(true);
      expect(ignored, src).not.toContain(src.split('/')[0]);
    }
  });

  it('runs the compiled gateway as node (PID 1, not npm), unprivileged, with a health check and its data on a volume', () => {
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^USER node$/m);
    expect(final).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(final).toContain('DATA_DIR=/data');
    expect(final).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    const cmd = /^CMD \[(.*)\]$/m.exec(final)![1]!;
    expect(cmd.startsWith('"node"')).toBe(true);
    expect(scriptOf(cmd.replaceAll('"', ''))).toBe('dist/proxy/gateway/main.js');
  });
});
