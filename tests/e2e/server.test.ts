/**
 * The preview server (pipeline/io/server.ts on 127.0.0.1), production
 * and development, over a small built site with a secret file next to it.
 * Raw HTTP requests (`http.request` with a path string), because fetch and
 * URL normalise away exactly the paths an attacker sends.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type RunningServer } from '../../pipeline/io/server.ts';
import { contentSecurityPolicy, securityHeaders } from '../../pipeline/stages/server-config/csp.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { valueOf } from '../../pipeline/result.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { configText, root } from '../helpers.ts';

const test = suite('server: preview and development');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-server-'));
const site = path.join(work, 'site');
const SECRET = 'GEHEIM-buiten-dist-91c2';
const notFoundPage = '<!DOCTYPE html><html lang="nl"><title>Pagina niet gevonden</title><h1>Pagina niet gevonden</h1></html>';
const files: Record<string, string> = {
  'index.html': '<!DOCTYPE html><title>Home</title>',
  '404.html': notFoundPage,
  'kennisbank/index.html': '<!DOCTYPE html><title>Kennisbank</title>',
  'kennisbank/apis/index.html': '<!DOCTYPE html><title>APIs</title>',
  'contact/index.html': '<!DOCTYPE html><title>Contact</title>',
  'assets/styles-0123456789.css': 'body{color:#154273}'.repeat(50),
  'assets/shell-ABCDEFGH.js': 'console.log(1);',
  'search-index.json': '{"a":1}',
  'assets/logo-0123456789.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sitemap.xml': '<?xml version="1.0"?><urlset/>',
  'robots.txt': 'User-agent: *\n',
  'manifest.webmanifest': '{"name":"x"}',
  'favicon.ico': '\x00\x00\x01\x00',
  '.well-known/security.txt': 'Contact: mailto:security@developer.overheid.nl\n',
  // Past the size the server keeps in memory (pipeline/io/site-files.ts): streamed from disk.
  'assets/groot-0123456789.txt': Array.from({ length: 150_000 }, (_, i) => `${i % 10}bcdefghij`).join(''),
  '.verborgen': SECRET,
};
for (const [p, data] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(site, p)), { recursive: true });
  fs.writeFileSync(path.join(site, p), data);
}
// Next to the site, where no request may reach.
fs.writeFileSync(path.join(work, 'geheim.txt'), SECRET);
fs.writeFileSync(path.join(work, 'site-geheim.txt'), SECRET);
fs.writeFileSync(path.join(os.tmpdir(), `ontwikkelaarsportaal-geheim-${process.pid}.txt`), SECRET);

const config = valueOf(validateConfig(valueOf(parseData({ path: 'site.yml', display: 'dist-config/site.yml', text: configText }))));
if (!config) throw new Error('dist-config/site.yml is invalid');
const headers = securityHeaders(config, { https: false });

let production: RunningServer;
let development: RunningServer;
/** `npm start`: the same site served from memory (pipeline/cli/main.ts dev), pages rendered on request. */
let memory: RunningServer;

test.before(async () => {
  production = await startServer({ root: site, port: 0, dev: false, headers });
  development = await startServer({ root: site, port: 0, dev: true, headers });
  const [pages, rest] = [Object.entries(files).filter(([p]) => p.endsWith('.html')), Object.entries(files).filter(([p]) => !p.endsWith('.html'))];
  const inMemory = { files: new Map(rest), onRequest: new Map(pages.map(([p, data]) => [p, () => data] as const)) };
  // The folder holds the secret files: the memory server must not read it at all.
  memory = await startServer({ root: work, port: 0, dev: true, headers, memory: () => inMemory });
});
test.after(async () => {
  await new Promise((r) => production.server.close(r));
  for (const server of [development, memory]) {
    server.server.closeAllConnections();
    await new Promise((r) => server.server.close(r));
  }
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(path.join(os.tmpdir(), `ontwikkelaarsportaal-geheim-${process.pid}.txt`), { force: true });
});

interface Answer { readonly status: number; readonly headers: http.IncomingHttpHeaders; readonly body: Buffer }

/** One raw request: the path goes on the request line exactly as given. */
function request(server: RunningServer, target: string, options: { method?: string; headers?: http.OutgoingHttpHeaders } = {}): Promise<Answer> {
  const port = (server.server.address() as { port: number }).port;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method: options.method ?? 'GET', headers: options.headers, insecureHTTPParser: true }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const attacks = [
  '/../geheim.txt', '/../../geheim.txt', '/%2e%2e/geheim.txt', '/%2E%2E/%2E%2E/geheim.txt', '/..%2fgeheim.txt', '/%2e%2e%2fgeheim.txt',
  '/.%2e/geheim.txt', '/assets/../../geheim.txt', '/assets/%2e%2e/%2e%2e/geheim.txt', '/..\\geheim.txt', '/%5c..%5cgeheim.txt', '/..%5cgeheim.txt',
  '//../geheim.txt', '/%252e%252e/geheim.txt', '/%c0%ae%c0%ae/geheim.txt', '/%00', '/index.html%00.txt', '/%00/../geheim.txt',
  `/../../../../../../..${os.tmpdir()}/ontwikkelaarsportaal-geheim-${process.pid}.txt`, '/..', '/%2e%2e', '/.verborgen', '/%2everborgen',
  '/../site-geheim.txt', '/..%2fsite-geheim.txt', 'http://127.0.0.1/../geheim.txt', '*',
];

for (const mode of ['production', 'development', 'memory'] as const) {
  test(`${mode}: path traversal never leaves the site folder`, async () => {
    const server = { production, development, memory }[mode];
    for (const attack of attacks) {
      const a = await request(server, attack);
      assert.not.ok(a.body.includes(SECRET), `${attack} answered with a file from outside the site (${a.status})`);
      assert.ok(a.status === 404 || a.status === 400 || a.status === 301 || (a.status === 200 && !a.body.includes(SECRET)), `${attack}: ${a.status}`);
      if (a.status === 301) assert.ok(!String(a.headers.location).startsWith('//'), `${attack} redirects off-site to ${a.headers.location}`);
    }
  });

  test(`${mode}: unknown paths get 404 with the not-found page`, async () => {
    const server = { production, development, memory }[mode];
    for (const p of ['/bestaat/niet', '/kennisbank/bestaat-niet', '/assets/', '/assets/bestaat-niet.js', '/%E0%A4%A']) {
      const a = await request(server, p);
      assert.is(a.status, 404, p);
      assert.is(a.headers['content-type'], 'text/html; charset=utf-8', p);
      assert.is(a.body.toString(), notFoundPage, p);
    }
  });

  test(`${mode}: .html and /index.html redirect to the normalised path, never to another host`, async () => {
    const server = { production, development, memory }[mode];
    const cases: Array<[string, string]> = [
      ['/index.html', '/'], ['/kennisbank/index.html', '/kennisbank'], ['/contact.html', '/contact'],
      ['/kennisbank/apis/index.html?tab=1', '/kennisbank/apis?tab=1'], ['//evil.example/x.html', '/x'], ['/.//evil.example/index.html', '/evil.example'],
    ];
    for (const [from, to] of cases) {
      const a = await request(server, from);
      assert.is(a.status, 301, from);
      const location = String(a.headers.location);
      assert.ok(location.startsWith('/') && !location.startsWith('//'), `${from} → ${location}`);
      if (!from.includes('evil')) assert.is(location, to, from);
    }
    const page = await request(server, '/404.html');
    assert.is(page.status, 200, '/404.html is served as it is');
  });
}

test('production: content types, validators and cache lifetimes', async () => {
  const types: Array<[string, string]> = [
    ['/', 'text/html;charset=utf-8'], ['/kennisbank', 'text/html;charset=utf-8'], ['/kennisbank/', 'text/html;charset=utf-8'],
    // Text in UTF-8, as nginx's charset_types sends it (dist-config/nginx.conf).
    ['/assets/styles-0123456789.css', 'text/css;charset=utf-8'], ['/assets/shell-ABCDEFGH.js', 'text/javascript;charset=utf-8'],
    ['/search-index.json', 'application/json;charset=utf-8'], ['/assets/logo-0123456789.svg', 'image/svg+xml;charset=utf-8'],
    ['/sitemap.xml', 'text/xml;charset=utf-8'], ['/robots.txt', 'text/plain;charset=utf-8'], ['/manifest.webmanifest', 'application/manifest+json;charset=utf-8'],
    ['/favicon.ico', 'image/x-icon'], ['/.well-known/security.txt', 'text/plain;charset=utf-8'],
  ];
  for (const [p, type] of types) {
    const a = await request(production, p);
    assert.is(a.status, 200, p);
    assert.is(String(a.headers['content-type']).replace(/\s/g, ''), type, p);
    assert.is(a.headers['x-content-type-options'], 'nosniff', p);
    assert.ok(a.headers.etag, `${p} has an ETag`);
    assert.ok(a.headers['last-modified'] && !Number.isNaN(Date.parse(String(a.headers['last-modified']))), `${p} has Last-Modified`);
    assert.is(a.headers['cache-control'], p.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache', p);
  }
});

test('production: revalidation with the ETag gives 304 without a body', async () => {
  for (const p of ['/kennisbank', '/assets/styles-0123456789.css']) {
    const first = await request(production, p);
    const again = await request(production, p, { headers: { 'If-None-Match': String(first.headers.etag) } });
    assert.is(again.status, 304, p);
    assert.is(again.body.length, 0);
    assert.is(again.headers['cache-control'], first.headers['cache-control'], `${p}: 304 keeps the cache lifetime`);
    const stale = await request(production, p, { headers: { 'If-None-Match': 'W/"0-0"' } });
    assert.is(stale.status, 200, `${p}: another ETag gets the file`);
  }
});

test('production: If-Modified-Since alone gives 304 for an unchanged file, 200 for a changed one', async () => {
  for (const p of ['/kennisbank', '/assets/styles-0123456789.css']) {
    const first = await request(production, p);
    const since = String(first.headers['last-modified']);
    const again = await request(production, p, { headers: { 'If-Modified-Since': since } });
    assert.is(again.status, 304, p);
    assert.is(again.body.length, 0);
    const older = new Date(Date.parse(since) - 60_000).toUTCString();
    assert.is((await request(production, p, { headers: { 'If-Modified-Since': older } })).status, 200, `${p}: changed since`);
    assert.is((await request(production, p, { headers: { 'If-Modified-Since': 'geen datum' } })).status, 200, `${p}: invalid date`);
  }
});

test('production: HEAD and Range requests', async () => {
  const full = await request(production, '/assets/styles-0123456789.css');
  const head = await request(production, '/assets/styles-0123456789.css', { method: 'HEAD' });
  assert.is(head.status, 200);
  assert.is(head.body.length, 0);
  assert.is(Number(head.headers['content-length']), full.body.length);
  const range = await request(production, '/assets/styles-0123456789.css', { headers: { Range: 'bytes=5-14' } });
  assert.is(range.status, 206);
  assert.is(range.headers['content-range'], `bytes 5-14/${full.body.length}`);
  assert.equal(range.body, full.body.subarray(5, 15));
  const suffix = await request(production, '/assets/styles-0123456789.css', { headers: { Range: 'bytes=-20' } });
  assert.is(suffix.status, 206, 'suffix range');
  assert.is(suffix.headers['content-range'], `bytes ${full.body.length - 20}-${full.body.length - 1}/${full.body.length}`);
  assert.equal(suffix.body, full.body.subarray(full.body.length - 20));
  const beyond = await request(production, '/assets/styles-0123456789.css', { headers: { Range: `bytes=${full.body.length + 10}-` } });
  assert.is(beyond.status, 416);
  const headPage = await request(production, '/kennisbank', { method: 'HEAD' });
  assert.is(headPage.status, 200);
  assert.is(headPage.body.length, 0);
  const headMissing = await request(production, '/bestaat/niet', { method: 'HEAD' });
  assert.is(headMissing.status, 404);
});

test('production: a file too large to keep in memory is streamed, whole, in a range and for HEAD', async () => {
  const p = '/assets/groot-0123456789.txt';
  const expected = Buffer.from(files['assets/groot-0123456789.txt'] ?? '');
  const whole = await request(production, p);
  assert.is(whole.status, 200);
  assert.is(Number(whole.headers['content-length']), expected.length);
  assert.ok(whole.body.equals(expected), 'the whole file');
  const range = await request(production, p, { headers: { Range: 'bytes=1048570-1048589' } });
  assert.is(range.status, 206);
  assert.is(range.headers['content-range'], `bytes 1048570-1048589/${expected.length}`);
  assert.ok(range.body.equals(expected.subarray(1048570, 1048590)), 'the bytes asked for');
  const head = await request(production, p, { method: 'HEAD' });
  assert.is(head.status, 200);
  assert.is(head.body.length, 0);
  assert.is(Number(head.headers['content-length']), expected.length);
});

test('production: the security headers of pipeline/stages/server-config/csp.ts on every answer, 404s and redirects included', async () => {
  for (const p of ['/', '/assets/shell-ABCDEFGH.js', '/bestaat/niet', '/contact.html']) {
    const a = await request(production, p);
    for (const [name, value] of headers) assert.is(a.headers[name.toLowerCase()], value, `${name} on ${p}`);
  }
  assert.is(production.url.startsWith('http://localhost:'), true);
  assert.is((production.server.address() as { address: string }).address, '127.0.0.1', 'bound to 127.0.0.1');
  const csp = contentSecurityPolicy(config, { https: false });
  assert.not.match(csp, /upgrade-insecure-requests/, 'the preview speaks plain http');
  assert.not.ok(headers.some(([name]) => name === 'Strict-Transport-Security'), 'no HSTS over plain http');
});

test('docs/operations.md: the redirects its checks after publishing promise are the ones the server sends', async () => {
  const docs = fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  const checks = [...docs.matchAll(/curl -sI \$site(\S+) \| grep -i '\^location'\s+# 301 naar (\S+)/g)];
  assert.ok(checks.length > 0, 'operations.md checks a redirect');
  for (const [, from = '', to = ''] of checks) {
    const a = await request(production, from);
    assert.is(a.status, 301, from);
    assert.is(a.headers.location, to, `operations.md: ${from} redirects to ${to}`);
  }
});

test('development: the same security headers as production, and the live-reload script from the same origin', async () => {
  for (const server of [development, memory]) {
    for (const p of ['/', '/assets/logo-0123456789.svg', '/bestaat/niet', '/contact.html', '/__dev/reload.js']) {
      const a = await request(server, p);
      for (const [name, value] of headers) assert.is(a.headers[name.toLowerCase()], value, `${name} on ${p}`);
    }
  }
  const reload = await request(development, '/__dev/reload.js');
  assert.is(reload.status, 200);
  assert.match(String(reload.headers['content-type']), /javascript/);
  const none = await request(production, '/__dev/reload.js');
  assert.is(none.status, 404, 'production has no development endpoints');
});

test.run();
