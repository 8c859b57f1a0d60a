/**
 * The production server configurations in dist-config/ (nginx.conf,
 * Caddyfile): their generated header blocks equal pipeline/stages/server-config/csp.ts for the
 * current site.yml, the policy is strict, and their routing rules agree with
 * the preview server's (`normalisePath`). The files are also checked by the
 * servers themselves (`nginx -t`, `caddy validate`; neither needs a running
 * service); without nginx and its brotli module, or without caddy, those two
 * tests are reported as skipped (.ci/run installs them from Debian).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { contentSecurityPolicy, policyOrigins, securityHeaders } from '../../pipeline/stages/server-config/csp.ts';
import { serverConfigFiles, withHeaderBlock } from '../../pipeline/stages/server-config/server-config.ts';
import { withRedirectBlock } from '../../pipeline/stages/server-config/redirect-rules.ts';
import { normalisePath } from '../../pipeline/stages/links.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { valueOf } from '../../pipeline/result.ts';
import { configText, root } from '../helpers.ts';
import { installed, skip } from '../skip.ts';

const test = suite('server configuration (dist-config)');

const config = valueOf(validateConfig(valueOf(parseData({ path: 'site.yml', display: 'dist-config/site.yml', text: configText }))));
if (!config) throw new Error('dist-config/site.yml is invalid');
const nginx = fs.readFileSync(path.join(root, 'dist-config/nginx.conf'), 'utf8');
const caddy = fs.readFileSync(path.join(root, 'dist-config/Caddyfile'), 'utf8');

const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));

test('should carry the security headers of pipeline/stages/server-config/csp.ts for the current site.yml (npm run server-config)', () => {
  for (const { file, kind } of serverConfigFiles) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const updated = withHeaderBlock(text, kind, securityHeaders(config, { https: true }));
    assert.ok(updated !== null, `${file} has a BEGIN/END security headers block`);
    assert.ok(updated === text, `${file} is out of date with dist-config/site.yml or pipeline/stages/server-config/csp.ts: run npm run server-config`);
  }
});

test('should carry the redirect rules of redirects in the current site.yml (npm run server-config)', () => {
  for (const { file, kind } of serverConfigFiles) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const updated = withRedirectBlock(text, kind, config);
    assert.ok(updated !== null, `${file} has a BEGIN/END redirects block`);
    assert.ok(updated === text, `${file} is out of date with the redirects in dist-config/site.yml: run npm run server-config`);
  }
});

test('should have a strict Content-Security-Policy', () => {
  const policy = directives(contentSecurityPolicy(config, { https: true }));
  const { scripts } = policyOrigins(config);
  assert.equal(policy.get('default-src'), ["'self'"]);
  assert.equal(policy.get('script-src'), ["'self'", ...scripts], 'scripts only from this site and the analytics hosts');
  assert.is(scripts.length, 2, 'the two analytics hosts of site.yml');
  assert.ok(scripts.every((s) => s.startsWith('https://')), scripts.join(', '));
  for (const [name, values] of policy) {
    assert.not.ok(values.includes("'unsafe-eval'"), `${name} has no unsafe-eval`);
    if (name !== 'style-src') assert.not.ok(values.includes("'unsafe-inline'"), `${name} has no unsafe-inline`);
    assert.not.ok(values.includes('*') || values.includes('https:') || values.includes('data:'), `${name} allows no wildcard or scheme`);
  }
  assert.equal(policy.get('object-src'), ["'none'"]);
  assert.equal(policy.get('base-uri'), ["'self'"]);
  assert.equal(policy.get('frame-ancestors'), ["'none'"]);
  assert.equal(policy.get('form-action'), ["'self'"]);
  assert.ok(policy.has('upgrade-insecure-requests'));
});

test('should send HSTS, nosniff, the referrer policy and a permissions policy', () => {
  const headers = new Map(securityHeaders(config, { https: true }));
  assert.match(headers.get('Strict-Transport-Security') ?? '', /^max-age=(\d+); includeSubDomains$/);
  assert.ok(Number(/max-age=(\d+)/.exec(headers.get('Strict-Transport-Security') ?? '')?.[1]) >= 31536000, 'HSTS for at least a year');
  assert.is(headers.get('X-Content-Type-Options'), 'nosniff');
  assert.is(headers.get('Referrer-Policy'), 'strict-origin-when-cross-origin');
  assert.match(headers.get('Permissions-Policy') ?? '', /camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  for (const text of [nginx, caddy]) {
    for (const name of ['Content-Security-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy']) assert.ok(text.includes(name), name);
  }
  assert.match(nginx, /add_header Content-Security-Policy "[^"]+" always;/, 'nginx sends the policy on errors and redirects too');
});

test('should route like the preview server: exact files, folder index, 404 page, .html redirects', () => {
  // nginx
  assert.match(nginx, /try_files \$uri \$uri\/index\.html =404;/);
  assert.match(nginx, /try_files \$\{uri\}index\.html =404;/);
  assert.match(nginx, /error_page 403 404 =404 \/404\.html;/);
  assert.match(nginx, /if \(\$request_uri ~ "\^\/index\\\.html\(\\\?\|\$\)"\) \{\s+return 301 \/\$is_args\$args;/);
  assert.match(nginx, /disable_symlinks on;/);
  assert.match(nginx, /~\^\/assets\/\s+"public, max-age=31536000, immutable";/);
  assert.match(nginx, /default\s+"no-cache";/);
  assert.match(nginx, /gzip on;/);
  assert.match(nginx, /brotli on;/);
  assert.match(nginx, /location ~ \/\\\.\(\?!well-known\/\) \{\s+return 404;/);
  // Caddy
  assert.match(caddy, /try_files \{path\} \{path\}\/index\.html/);
  assert.match(caddy, /encode zstd gzip/);
  assert.match(caddy, /handle_errors \{[\s\S]*rewrite \* \/404\.html/);
  assert.match(caddy, /header @assets Cache-Control "public, max-age=31536000, immutable"/);
  assert.match(caddy, /header @pages Cache-Control "no-cache"/);
  assert.match(caddy, /redir @index \/\{query_suffix\} 301/);
  assert.match(caddy, /redir @html \{re\.html\.1\}\{query_suffix\} 301/);
});

test('should redirect exactly the paths normalisePath changes, to the same place (nginx and Caddy patterns)', () => {
  const nginxPattern = /if \(\$request_uri ~ "(\^\(\?<stem>[^"]+)"\)/.exec(nginx)?.[1];
  const caddyPattern = /path_regexp html (\S+)/.exec(caddy)?.[1];
  assert.ok(nginxPattern && caddyPattern, 'both files have the .html redirect pattern');
  // PCRE and RE2 read these patterns as JavaScript does (classes, \x escapes, lazy groups).
  const nginxRe = new RegExp(nginxPattern);
  const caddyRe = new RegExp(caddyPattern);
  const paths = ['/kennisbank/index.html', '/contact.html', '/a/b/c.html', '/kennisbank/apis/index.html', '/x.y.html', '/404.html', '/kennisbank', '/kennisbank/', '/assets/a.js', '/a.htm', '/html', '/.html'];
  for (const p of paths) {
    const expected = normalisePath(p);
    const n = nginxRe.exec(`${p}?q=1`);
    const c = caddyRe.exec(p);
    if (p === '/404.html') {
      // Both configurations exempt /404.html with a rule of its own.
      assert.match(nginx, /if \(\$request_uri ~ "\^\/404\\\.html\(\\\?\|\$\)"\) \{\s+set \$html_redirect "";/);
      assert.match(caddy, /not path \/404\.html/);
      continue;
    }
    if (expected === p || expected === '/') {
      if (p !== '/.html') assert.is(n, null, `nginx leaves ${p} alone`);
      continue;
    }
    assert.is(n?.groups?.stem, expected, `nginx: ${p}`);
    assert.is(c?.[1], expected, `caddy: ${p}`);
  }
  for (const offsite of ['//evil.example/x.html', '/\\evil.example/x.html', '/%2F%2Fevil.example/x.html', '/?x.html']) {
    assert.is(nginxRe.exec(offsite), null, `nginx never redirects ${offsite}`);
    assert.is(caddyRe.exec(offsite), null, `caddy never redirects ${offsite}`);
  }
});

/** Debian's folder of nginx modules: the configuration enables brotli, a module of its own there. */
const nginxModules = '/usr/lib/nginx/modules';

test('should be accepted by nginx -t', () => {
  const nginxBin = installed('nginx');
  if (!nginxBin) return skip('nginx is not installed (apt-get install nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static)');
  if (!fs.existsSync(path.join(nginxModules, 'ngx_http_brotli_filter_module.so'))) return skip(`nginx has no brotli module in ${nginxModules} (apt-get install libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-nginx-'));
  try {
    fs.mkdirSync(path.join(dir, 'logs'));
    fs.mkdirSync(path.join(dir, 'dist'));
    spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=developer.overheid.nl']);
    const site = nginx
      .replace('/etc/ssl/developer.overheid.nl/fullchain.pem', path.join(dir, 'cert.pem'))
      .replace('/etc/ssl/developer.overheid.nl/privkey.pem', path.join(dir, 'key.pem'))
      .replace('/srv/ontwikkelaarsportaal/dist', path.join(dir, 'dist'));
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    const modules = fs.existsSync('/etc/nginx/modules-enabled') ? 'include /etc/nginx/modules-enabled/*.conf;\n' : '';
    fs.symlinkSync(nginxModules, path.join(dir, 'modules'));
    fs.writeFileSync(path.join(dir, 'main.conf'), `${modules}pid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  include ${dir}/site.conf;\n}\n`);
    const run = spawnSync(nginxBin, ['-t', '-c', path.join(dir, 'main.conf'), '-p', dir], { encoding: 'utf8' });
    assert.is(run.status, 0, run.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('should be accepted by caddy validate', () => {
  const caddyBin = installed('caddy');
  if (!caddyBin) return skip('caddy is not installed (apt-get install caddy)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-caddy-'));
  try {
    fs.writeFileSync(path.join(dir, 'Caddyfile'), caddy);
    const run = spawnSync(caddyBin, ['validate', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir } });
    assert.is(run.status, 0, run.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
