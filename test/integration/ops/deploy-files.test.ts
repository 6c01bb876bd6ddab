/**
 * The files in deploy/, each checked by the tool that reads it, as Debian packages them:
 * systemd's own verifier and security analysis for the unit, `nginx -t` and
 * `caddy validate` for the reverse proxies, and a Dockerfile validator (no Docker engine runs
 * here) plus the build context the Dockerfile copies from. The example settings go through
 * the gateway's real configuration parser. A missing tool skips its check with the reason,
 * except under CI, where .ci/run installs them and a missing one is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseContact } from '../../../proxy/crawler/user-agent.js';
import { loadGatewayConfig } from '../../../proxy/gateway/config.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEPLOY = join(ROOT, 'deploy');
const UNIT = join(DEPLOY, 'ai-policy-lens-gateway.service');
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'lens-ops-deploy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs a tool; "missing" when it is not installed. */
function tool(cmd: string, args: string[], cwd = ROOT): { missing: boolean; status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 60_000 });
  const missing = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return { missing, status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** A check that needs `name`: skipped, saying why, when it is absent outside CI. */
function withTool(name: string, pkg: string): typeof it {
  const present = spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
  if (present || process.env.CI === 'true') return it;
  return ((title: string, fn: () => unknown) => it.skip(`${title} (skipped: ${name} is not installed; apt-get install ${pkg})`, fn)) as typeof it;
}

/** The script path a `node ... dist/...js` command line runs. */
const scriptOf = (line: string) => /(dist\/\S+\.js)/.exec(line)?.[1];

describe('the systemd unit', () => {
  withTool('systemd-analyze', 'systemd')('passes systemd-analyze verify with no warning', () => {
    const r = tool('systemd-analyze', ['verify', UNIT]);
    expect(r.stderr + r.stdout).toBe('');
    expect(r.status).toBe(0);
  });

  withTool('systemd-analyze', 'systemd')('is hardened: systemd-analyze security rates its exposure at most 2.0 of 10', () => {
    const r = tool('systemd-analyze', ['security', '--offline=true', '--threshold=20', '--no-pager', UNIT]);
    expect(r.status, r.stdout).toBe(0);
    const score = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(r.stdout)?.[1]);
    expect(score).toBeLessThanOrEqual(2);
  });

  it('runs as its own user with state in StateDirectory, ProtectSystem=strict and NoNewPrivileges', () => {
    const unit = read('deploy/ai-policy-lens-gateway.service');
    for (const line of ['User=ai-policy-lens', 'StateDirectory=ai-policy-lens', 'Environment=DATA_DIR=/var/lib/ai-policy-lens', 'ProtectSystem=strict', 'NoNewPrivileges=yes']) {
      expect(unit.split('\n')).toContain(line);
    }
  });

  it('starts the same compiled entry point as npm start', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!;
    const exec = read('deploy/ai-policy-lens-gateway.service').split('\n').find((l) => l.startsWith('ExecStart='))!;
    expect(scriptOf(exec)).toBe(scriptOf(start));
    expect(scriptOf(start)).toBe('dist/proxy/gateway/main.js');
  });
});

describe('the reverse proxies', () => {
  withTool('nginx', 'nginx')('nginx.conf passes nginx -t (with a throwaway certificate in place of certbot’s)', () => {
    const cert = tool('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=lens.example.org', '-keyout', join(work, 'privkey.pem'), '-out', join(work, 'fullchain.pem')]);
    expect(cert.status, cert.stderr).toBe(0);
    const site = read('deploy/nginx.conf').replaceAll('/etc/letsencrypt/live/lens.example.org', work);
    writeFileSync(join(work, 'site.conf'), site);
    // The main nginx.conf Debian ships, reduced to what `nginx -t` needs, with every path in the temp folder.
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${join(work, k)};`).join('\n');
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
  const env = Object.fromEntries(
    read('deploy/gateway.env')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

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

describe('the container recipe', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('passes a Dockerfile validator (dockerfile-utils, the checks of the VS Code Docker language server)', () => {
    const r = tool(process.execPath, [join(ROOT, 'node_modules/dockerfile-utils/bin/dockerfile-utils'), 'lint', join(DEPLOY, 'Dockerfile')]);
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
