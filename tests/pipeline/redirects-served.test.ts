/**
 * Redirects served for real: nginx and Caddy started on 127.0.0.1 with
 * dist-config's own files (only the addresses, certificate and root changed),
 * their redirects block filled from a site.yml with redirects, answer an old
 * path with a 301 to the new one, query kept. `nginx -t` and `caddy validate`
 * accept those files first. Without nginx or caddy their test is skipped.
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
import { withRedirectBlock } from '../../pipeline/stages/server-config/redirect-rules.ts';

const test = suite('servers: redirects from site.yml');

const config = { redirects: { rules: [{ from: ['/oude-gids', '/nog-ouder/'], to: '/gids' }, { from: '/oudst', to: '/oude-gids' }], fromExtensions: ['php'] } };

/** A dist/ with the new page and the not-found page. */
function distFolder(dir: string): string {
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'gids'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'gids/index.html'), '<!doctype html><title>Gids</title>');
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

interface Answer { status: number; location: string | undefined }

function get(url: string): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    client.get(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
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

async function assertRedirects(origin: string): Promise<void> {
  const page = await firstAnswer(`${origin}/gids`);
  assert.is(page.status, 200, 'the new page is served');
  for (const [old, to] of [['/oude-gids', '/gids'], ['/oude-gids/', '/gids'], ['/nog-ouder', '/gids'], ['/oudst?x=1', '/gids?x=1'], ['/gids.php', '/gids']] as const) {
    const answer = await get(`${origin}${old}`);
    assert.is(answer.status, 301, `${old}: 301`);
    const location = new URL(answer.location ?? '', origin);
    assert.is(`${location.pathname}${location.search}`, to, `${old} → ${to}`);
  }
  assert.is((await get(`${origin}/nergens`)).status, 404, 'other paths stay not found');
}

const stop = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

const filled = (file: string, kind: 'nginx' | 'caddy') => {
  const text = withRedirectBlock(fs.readFileSync(path.join(root, file), 'utf8'), kind, config);
  assert.ok(text !== null, `${file} has a redirects block`);
  return text;
};

test('should answer an old path with a 301 to the new one: nginx with dist-config/nginx.conf', async () => {
  const nginxBin = installed('nginx');
  const modules = '/usr/lib/nginx/modules';
  if (!nginxBin || !fs.existsSync(path.join(modules, 'ngx_http_brotli_filter_module.so'))) return skip('nginx with its brotli module is not installed (apt-get install nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-nginx-redirects-'));
  const port = await freePort();
  fs.mkdirSync(path.join(dir, 'logs'));
  spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=developer.overheid.nl']);
  const site = filled('dist-config/nginx.conf', 'nginx')
    .replace(/^\s*listen (\[::\]:)?80;\n/gm, '')
    .replace(/^\s*listen \[::\]:443 ssl http2;\n/m, '')
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl;`)
    .replace(/server \{\n\s*server_name developer\.overheid\.nl;\n\s*server_tokens off;\n\s*return 301[^\n]*\n\}/, '')
    .replace('/etc/ssl/developer.overheid.nl/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/ssl/developer.overheid.nl/privkey.pem', path.join(dir, 'key.pem'))
    .replaceAll('/srv/ontwikkelaarsportaal/dist', distFolder(dir));
  assert.ok(site.includes(`127.0.0.1:${port}`), 'the test found the listen line of nginx.conf');
  assert.ok(site.includes('rewrite ^/oude-gids/?$ /gids permanent;'), 'the rules are in the file');
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const enabled = fs.existsSync('/etc/nginx/modules-enabled') ? 'include /etc/nginx/modules-enabled/*.conf;\n' : '';
  fs.symlinkSync(modules, path.join(dir, 'modules'));
  fs.writeFileSync(path.join(dir, 'main.conf'), `${enabled}daemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/site.conf;\n}\n`);
  const check = spawnSync(nginxBin, ['-t', '-c', path.join(dir, 'main.conf'), '-p', dir], { encoding: 'utf8' });
  assert.is(check.status, 0, `nginx -t: ${check.stderr}`);
  const child = spawn(nginxBin, ['-c', path.join(dir, 'main.conf'), '-p', dir], { stdio: 'ignore' });
  try {
    await assertRedirects(`https://127.0.0.1:${port}`);
  } finally {
    await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('should answer an old path with a 301 to the new one: Caddy with dist-config/Caddyfile', async () => {
  const caddyBin = installed('caddy');
  if (!caddyBin) return skip('caddy is not installed (apt-get install caddy)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-caddy-redirects-'));
  const port = await freePort();
  const site = filled('dist-config/Caddyfile', 'caddy')
    .replace(/^http:\/\/developer\.overheid\.nl \{[^}]*\}\n?/m, '')
    .replace(/^developer\.overheid\.nl \{/m, `http://127.0.0.1:${port} {`)
    .replaceAll('/srv/ontwikkelaarsportaal/dist', distFolder(dir));
  assert.ok(site.includes(`127.0.0.1:${port}`), 'the test found the site address of the Caddyfile');
  assert.ok(site.includes('redir /oude-gids /gids{query_suffix} 301'), 'the rules are in the file');
  fs.writeFileSync(path.join(dir, 'Caddyfile'), site);
  const env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir };
  const check = spawnSync(caddyBin, ['validate', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { encoding: 'utf8', env });
  assert.is(check.status, 0, `caddy validate: ${check.stderr}`);
  const child = spawn(caddyBin, ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { stdio: 'ignore', env });
  try {
    await assertRedirects(`http://127.0.0.1:${port}`);
  } finally {
    await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
