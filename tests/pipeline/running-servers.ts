/**
 * nginx and Caddy started for real on 127.0.0.1 with dist-config's own files
 * (only the addresses, the certificate and the root changed), for tests that
 * ask them over HTTP what production would answer. A folder of the test's own
 * holds the server's files and a dist/ the test fills.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { installed } from '../skip.ts';

/** Debian's folder of nginx modules: dist-config/nginx.conf enables brotli, a module of its own there. */
const nginxModules = '/usr/lib/nginx/modules';

/** Why the server cannot run here (a sentence for `skip`), or null when it can. */
export const nginxMissing = (): string | null =>
  installed('nginx') && fs.existsSync(path.join(nginxModules, 'ngx_http_brotli_filter_module.so')) ? null
    : 'nginx with its brotli module is not installed (apt-get install nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static)';
export const caddyMissing = (): string | null => (installed('caddy') ? null : 'caddy is not installed (apt-get install caddy)');

/** A server that runs: where to ask it, and how to stop it (its folder goes too). */
export interface RunningServer {
  readonly origin: string;
  close(): Promise<void>;
}

export interface ServerSetUp {
  /** dist-config's file as the test wants it served (e.g. with a redirects block filled in). */
  readonly config: string;
  /** Fills the site's root; returns nothing. */
  readonly dist: (dist: string) => void;
  /** Runs `nginx -t` or `caddy validate` first, and fails the test when it does not accept the file. */
  readonly check?: boolean;
}

const freePort = () => new Promise<number>((resolve, reject) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  }).on('error', reject);
});

const stop = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

function folderWithDist(prefix: string, fill: (dist: string) => void): { dir: string; dist: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(dist);
  fill(dist);
  return { dir, dist };
}

const running = (origin: string, child: ChildProcess, dir: string): RunningServer => ({
  origin,
  async close() {
    await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  },
});

/** nginx on a free port with TLS (a certificate made for the test), one process with no workers. */
export async function startNginx(setUp: ServerSetUp): Promise<RunningServer> {
  const nginx = installed('nginx')!;
  const { dir, dist } = folderWithDist('ontwikkelaarsportaal-nginx-run-', setUp.dist);
  const port = await freePort();
  fs.mkdirSync(path.join(dir, 'logs'));
  spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=developer.overheid.nl']);
  const site = setUp.config
    .replace(/^\s*listen (\[::\]:)?80;\n/gm, '')
    .replace(/^\s*listen \[::\]:443 ssl http2;\n/m, '')
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl;`)
    .replace(/server \{\n\s*server_name developer\.overheid\.nl;\n\s*server_tokens off;\n\s*return 301[^\n]*\n\}/, '')
    .replace('/etc/ssl/developer.overheid.nl/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/ssl/developer.overheid.nl/privkey.pem', path.join(dir, 'key.pem'))
    .replaceAll('/srv/ontwikkelaarsportaal/dist', dist);
  assert.ok(site.includes(`127.0.0.1:${port}`), 'the test found the listen line of nginx.conf');
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const enabled = fs.existsSync('/etc/nginx/modules-enabled') ? 'include /etc/nginx/modules-enabled/*.conf;\n' : '';
  fs.symlinkSync(nginxModules, path.join(dir, 'modules'));
  // One process, no workers: it runs as this user and reads the test's folder.
  fs.writeFileSync(path.join(dir, 'main.conf'), `${enabled}daemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/site.conf;\n}\n`);
  if (setUp.check) {
    const check = spawnSync(nginx, ['-t', '-c', path.join(dir, 'main.conf'), '-p', dir], { encoding: 'utf8' });
    assert.is(check.status, 0, `nginx -t: ${check.stderr}`);
  }
  return running(`https://127.0.0.1:${port}`, spawn(nginx, ['-c', path.join(dir, 'main.conf'), '-p', dir], { stdio: 'ignore' }), dir);
}

/** Caddy on a free port over plain HTTP (no certificate to fetch), with a home of its own. */
export async function startCaddy(setUp: ServerSetUp): Promise<RunningServer> {
  const caddy = installed('caddy')!;
  const { dir, dist } = folderWithDist('ontwikkelaarsportaal-caddy-run-', setUp.dist);
  const port = await freePort();
  const site = setUp.config
    .replace(/^http:\/\/developer\.overheid\.nl \{[^}]*\}\n?/m, '')
    .replace(/^developer\.overheid\.nl \{/m, `http://127.0.0.1:${port} {`)
    .replaceAll('/srv/ontwikkelaarsportaal/dist', dist);
  assert.ok(site.includes(`127.0.0.1:${port}`), 'the test found the site address of the Caddyfile');
  fs.writeFileSync(path.join(dir, 'Caddyfile'), site);
  const env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir };
  if (setUp.check) {
    const check = spawnSync(caddy, ['validate', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { encoding: 'utf8', env });
    assert.is(check.status, 0, `caddy validate: ${check.stderr}`);
  }
  return running(`http://127.0.0.1:${port}`, spawn(caddy, ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { stdio: 'ignore', env }), dir);
}

/** One answer, uncompressed, a test certificate accepted. */
export interface Answer { readonly status: number; readonly headers: http.IncomingHttpHeaders; readonly body: string }

export function get(url: string): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    client.get(url, { rejectUnauthorized: false, headers: { 'Accept-Encoding': 'identity' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).on('error', reject);
  });
}

/** Asks until the server answers (it has just started), at most `tries` times. */
export async function firstAnswer(url: string, tries = 100): Promise<Answer> {
  for (let i = 1; ; i++) {
    try {
      return await get(url);
    } catch (e) {
      if (i >= tries) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
