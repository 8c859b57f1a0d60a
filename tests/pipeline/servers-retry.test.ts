/**
 * A lazy chunk that failed to load is asked for again as `<chunk>?retry=N`
 * (pipeline/io/chunk-retry.ts): the browser keeps a failed module fetch for
 * the life of the page, so only another URL fetches again. Each server must
 * answer that URL with the same file and the same caching headers as the plain
 * one. The preview server (pipeline/io/server.ts), and nginx and Caddy started
 * for real on 127.0.0.1 with dist-config's own files (only the addresses,
 * certificate and root changed). Without nginx or caddy their test is skipped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from '../helpers.ts';
import { installed, skip } from '../skip.ts';
import { startServer } from '../../pipeline/io/server.ts';

const test = suite('servers: a chunk asked for again under ?retry=N');

const chunk = 'assets/search-page-Ab12Cd34.js';
const chunkText = 'export const ok = 1;\n';

/** A dist/ with one page and one hashed chunk. */
function distFolder(dir: string): string {
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, chunk), chunkText);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Test</title>');
  fs.writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Niet gevonden</title>');
  return dist;
}

const freePort = () => new Promise<number>((resolve, reject) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  }).on('error', reject);
});

interface Answer { status: number; cacheControl: string | undefined; type: string | undefined; body: string }

function get(url: string): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    client.get(url, { rejectUnauthorized: false, headers: { 'Accept-Encoding': 'identity' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cacheControl: res.headers['cache-control'], type: res.headers['content-type'], body }));
    }).on('error', reject);
  });
}

/** Asks until the server answers (it has just started), at most `tries` times. */
async function firstAnswer(url: string, tries = 100): Promise<Answer> {
  for (let i = 1; ; i++) {
    try {
      return await get(url);
    } catch (e) {
      if (i >= tries) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function assertSameForRetry(origin: string): Promise<void> {
  const plain = await firstAnswer(`${origin}/${chunk}`);
  assert.is(plain.status, 200, `${origin}: ${plain.body.slice(0, 200)}`);
  assert.is(plain.body, chunkText);
  assert.match(plain.cacheControl ?? '', /immutable/);
  for (const query of ['?retry=1', '?retry=2']) {
    const retried = await get(`${origin}/${chunk}${query}`);
    assert.equal({ ...retried }, { ...plain }, `${query}: same status, body and headers`);
  }
}

const stop = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

test('should serve the chunk under ?retry=N like the plain URL: the preview server', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-retry-'));
  const { server, url } = await startServer({ root: distFolder(dir), port: 0, host: '127.0.0.1', dev: false });
  try {
    await assertSameForRetry(url.replace(/\/$/, ''));
  } finally {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('should serve the chunk under ?retry=N like the plain URL: nginx with dist-config/nginx.conf', async () => {
  const nginxBin = installed('nginx');
  const modules = '/usr/lib/nginx/modules';
  if (!nginxBin || !fs.existsSync(path.join(modules, 'ngx_http_brotli_filter_module.so'))) return skip('nginx with its brotli module is not installed (apt-get install nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-nginx-run-'));
  const port = await freePort();
  fs.mkdirSync(path.join(dir, 'logs'));
  spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=developer.overheid.nl']);
  const site = fs.readFileSync(path.join(root, 'dist-config/nginx.conf'), 'utf8')
    .replace(/^\s*listen (\[::\]:)?80;\n/gm, '')
    .replace(/^\s*listen \[::\]:443 ssl http2;\n/m, '')
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl;`)
    .replace(/server \{\n\s*server_name developer\.overheid\.nl;\n\s*server_tokens off;\n\s*return 301[^\n]*\n\}/, '')
    .replace('/etc/ssl/developer.overheid.nl/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/ssl/developer.overheid.nl/privkey.pem', path.join(dir, 'key.pem'))
    .replaceAll('/srv/ontwikkelaarsportaal/dist', distFolder(dir));
  assert.ok(site.includes(`127.0.0.1:${port}`), 'the test found the listen line of nginx.conf');
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const enabled = fs.existsSync('/etc/nginx/modules-enabled') ? 'include /etc/nginx/modules-enabled/*.conf;\n' : '';
  fs.symlinkSync(modules, path.join(dir, 'modules'));
  // One process, no workers: it runs as this user and reads the test's folder.
  fs.writeFileSync(path.join(dir, 'main.conf'), `${enabled}daemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/site.conf;\n}\n`);
  const child = spawn(nginxBin, ['-c', path.join(dir, 'main.conf'), '-p', dir], { stdio: 'ignore' });
  try {
    await assertSameForRetry(`https://127.0.0.1:${port}`);
  } finally {
    await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('should serve the chunk under ?retry=N like the plain URL: Caddy with dist-config/Caddyfile', async () => {
  const caddyBin = installed('caddy');
  if (!caddyBin) return skip('caddy is not installed (apt-get install caddy)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-caddy-run-'));
  const port = await freePort();
  const site = fs.readFileSync(path.join(root, 'dist-config/Caddyfile'), 'utf8')
    .replace(/^http:\/\/developer\.overheid\.nl \{[^}]*\}\n?/m, '')
    .replace(/^developer\.overheid\.nl \{/m, `http://127.0.0.1:${port} {`)
    .replaceAll('/srv/ontwikkelaarsportaal/dist', distFolder(dir));
  assert.ok(site.includes(`127.0.0.1:${port}`), 'the test found the site address of the Caddyfile');
  fs.writeFileSync(path.join(dir, 'Caddyfile'), site);
  const child = spawn(caddyBin, ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { stdio: 'ignore', env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir } });
  try {
    await assertSameForRetry(`http://127.0.0.1:${port}`);
  } finally {
    await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
