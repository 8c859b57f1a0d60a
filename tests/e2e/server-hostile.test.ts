/**
 * The preview server under hostile requests and under load, over a production
 * build of our content: `npm run serve` as users start it (the command line,
 * in its own process, so that a crash shows as refused connections, not as a
 * dead test run), and the development server (`npm start`: the same site from
 * memory, in this process). Every malformed or unsatisfiable Range header and
 * every method a static site does not answer; after each, `/` must still
 * answer 200. Errors inside a request answer 500 and the server keeps serving.
 * Then 1 000 concurrent connections, bounded by a number of requests (no clock).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import autocannon from 'autocannon';
import { testSite } from './browser.ts';
import { startServer, type MemorySite, type RunningServer } from '../../pipeline/io/server.ts';
import { securityHeaders } from '../../pipeline/stages/server-config/csp.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { valueOf } from '../../pipeline/result.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { configText, root } from '../helpers.ts';

const test = suite('server: hostile requests and load');

const config = valueOf(validateConfig(valueOf(parseData({ path: 'site.yml', display: 'dist-config/site.yml', text: configText }))));
if (!config) throw new Error('dist-config/site.yml is invalid');
const headers = securityHeaders(config, { https: false });

interface Target { readonly name: string; readonly port: number }
interface Answer { readonly status: number; readonly headers: http.IncomingHttpHeaders; readonly body: Buffer }

let serve: ChildProcess | null = null;
let serveOutput = '';
let production: Target;
let development: RunningServer;
let dev: Target;
let built = '';
/** Test servers whose requests fail on purpose (the last resort). */
const failing: RunningServer[] = [];

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Every file of the built site, keyed as the development build keys them. */
function memorySite(dir: string): MemorySite {
  const files = new Map<string, Uint8Array>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file).split(path.sep).join('/'), fs.readFileSync(file));
  }
  const pages = [...files].filter(([p]) => p.endsWith('.html'));
  return {
    files: new Map([...files].filter(([p]) => !p.endsWith('.html'))),
    onRequest: new Map(pages.map(([p, data]) => [p, () => data] as const)),
  };
}

test.before(async () => {
  const site = await testSite();
  built = path.join(site.dir, 'site');
  const port = await freePort();
  // `npm run serve`: the command line with our configuration and its security headers.
  serve = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'pipeline/cli/main.ts'), 'serve', '--out', built, '--port', String(port)], {
    cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      serveOutput += String(chunk);
      if (serveOutput.includes('staat klaar op')) resolve();
    };
    serve?.stdout?.on('data', listen);
    serve?.stderr?.on('data', listen);
    serve?.once('exit', (code) => reject(new Error(`npm run serve stopte (${code}):\n${serveOutput}`)));
  });
  production = { name: 'npm run serve', port };
  const inMemory = memorySite(built);
  development = await startServer({ root: built, port: 0, dev: true, headers: () => headers, memory: () => inMemory });
  dev = { name: 'npm start', port: (development.server.address() as net.AddressInfo).port };
});

test.after(async () => {
  serve?.kill('SIGTERM');
  for (const server of [development, ...failing]) {
    server.server.closeAllConnections();
    await new Promise((r) => server.server.close(r));
  }
});

/** One raw request on its own connection: the headers go out exactly as given. */
function request(target: Target, pathname: string, options: { method?: string; headers?: http.OutgoingHttpHeaders } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: target.port, path: pathname, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', (e) => reject(new Error(`${target.name}: ${options.method ?? 'GET'} ${pathname} ${JSON.stringify(options.headers ?? {})}: ${e.message}${serveOutput ? `\n${serveOutput}` : ''}`)));
    req.end();
  });
}

/** The server still answers: the home page with 200. */
async function stillServes(target: Target, after: string): Promise<void> {
  const home = await request(target, '/');
  assert.is(home.status, 200, `${target.name}: / after ${after}`);
}

const asset = (): string => `/assets/${fs.readdirSync(path.join(built, 'assets')).find((f) => f.endsWith('.css'))}`;

/**
 * Connection attempts the kernel dropped because a listening socket's accept queue was full
 * (Linux; null elsewhere, or when net.core.somaxconn caps every queue below the 1 000 of the test).
 */
function listenOverflows(): number | null {
  try {
    if (Number(fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8')) < 1000) return null;
    const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((l) => l.startsWith('TcpExt:'));
    const [names, values] = lines.map((l) => l.split(/\s+/));
    const i = names?.indexOf('ListenOverflows') ?? -1;
    return i > 0 ? Number(values?.[i]) : null;
  } catch {
    return null;
  }
}

// First, on a fresh server: the hostile requests below must not be what it dies of.
test('npm run serve: 1 000 concurrent connections, 0 errors, 0 timeouts, every answer 200', async () => {
  const paths = ['/', '/kennisbank', '/kennisbank/apis/problem-details', '/blog', '/kennisbank/apis/', '/favicon.svg',
    ...fs.readdirSync(path.join(built, 'assets')).filter((f) => /\.(css|js)$/.test(f)).map((f) => `/assets/${f}`)];
  const overflowsBefore = listenOverflows();
  const result = await autocannon({
    url: `http://127.0.0.1:${production.port}`,
    connections: 1000,
    // Bounded by requests, not by time: five per connection. The first error or timeout ends the run
    // (it fails the test anyway), so a server that died or hangs cannot keep the test waiting.
    amount: 5000,
    bailout: 1,
    // What counts is what fails, not how fast: on two shared cores a burst of 1 000 can queue for
    // seconds, so a request is a timeout only when it has waited a minute (autocannon's default is 10 s).
    timeout: 60,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const overflowsAfter = listenOverflows();
  const summary = `${result.requests.total} requests, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} not 2xx, p99 ${result.latency.p99} ms`;
  assert.is(result.errors, 0, summary);
  assert.is(result.timeouts, 0, summary);
  assert.is(result.non2xx, 0, summary);
  assert.is(result['2xx'], 5000, summary);
  // The accept queue held the burst: no connection attempt was dropped to be retried seconds later.
  if (overflowsBefore !== null && overflowsAfter !== null) assert.is(overflowsAfter - overflowsBefore, 0, 'connections dropped by a full accept queue');
  await stillServes(production, 'the load');
});

/** Ignored (RFC 9110 section 14.2): malformed, another unit, invalid (last before first), several ranges. */
const ignored = ['bytes=abc', 'items=0-5', 'bytes=--5', 'bytes=5-4', 'bytes=100-50', 'bytes=-', 'bytes=', '=0-5', 'bytes 0-5', 'bytes=0-1,5-6', 'bytes=1-2-3', 'bytes=0x10-0x20', 'bytes=-1-', 'bytes=+1-2', 'bytes=1.5-2', 'bytes=\u00a05-6'];

for (const which of ['production', 'development'] as const) {
  const target = () => (which === 'production' ? production : dev);

  test(`${which}: a Range whose last byte comes before its first, or lies past 2^64, does not end the server`, async () => {
    for (const [range, status] of [['bytes=5-4', 200], ['bytes=100-50', 200], ['bytes=0-18446744073709551616', 206]] as const) {
      const a = await request(target(), asset(), { headers: { Range: range } });
      assert.is(a.status, status, `Range: ${range}`);
      await stillServes(target(), `Range: ${range}`);
    }
  });

  test(`${which}: a malformed or invalid Range is ignored: 200 with the whole file, and the server lives on`, async () => {
    for (const p of ['/', asset()]) {
      const whole = await request(target(), p);
      assert.is(whole.status, 200, p);
      for (const range of ignored) {
        const a = await request(target(), p, { headers: { Range: range } });
        assert.is(a.status, 200, `${p} Range: ${range}`);
        assert.is(a.headers['content-range'], undefined, `${p} Range: ${range}`);
        assert.ok(a.body.equals(whole.body), `${p} Range: ${range} gives the whole file`);
        await stillServes(target(), `Range: ${range}`);
      }
    }
  });

  test(`${which}: a Range past the end gets 416 with Content-Range bytes */LENGTH`, async () => {
    const p = asset();
    const length = (await request(target(), p)).body.length;
    for (const range of [`bytes=${length}-`, `bytes=${length}-${length + 10}`, 'bytes=18446744073709551616-', 'bytes=99999999999999999999999999-1000000000000000000000000000', 'bytes=-0']) {
      const a = await request(target(), p, { headers: { Range: range } });
      assert.is(a.status, 416, range);
      assert.is(a.headers['content-range'], `bytes */${length}`, range);
      assert.is(a.body.length, 0, range);
      await stillServes(target(), `Range: ${range}`);
    }
  });

  test(`${which}: a valid single Range gets 206 with exactly those bytes`, async () => {
    const p = asset();
    const whole = (await request(target(), p)).body;
    const n = whole.length;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-0', 0, 0], ['bytes=5-14', 5, 14], ['bytes=-20', n - 20, n - 1], ['bytes=3-', 3, n - 1], ['Bytes=2-3', 2, 3],
      [`bytes=${n - 1}-${n - 1}`, n - 1, n - 1], ['bytes=0-18446744073709551616', 0, n - 1], [`bytes=-${n + 100}`, 0, n - 1], [' bytes=1-2 , ', 1, 2],
    ];
    for (const [range, start, end] of cases) {
      const a = await request(target(), p, { headers: { Range: range } });
      assert.is(a.status, 206, range);
      assert.is(a.headers['content-range'], `bytes ${start}-${end}/${n}`, range);
      assert.is(Number(a.headers['content-length']), end - start + 1, range);
      assert.ok(a.body.equals(whole.subarray(start, end + 1)), `${range}: the bytes asked for`);
    }
    await stillServes(target(), 'the ranges');
  });

  test(`${which}: OPTIONS gets 204 and every other method but GET and HEAD 405, both with Allow: GET, HEAD`, async () => {
    for (const p of ['/', asset(), '/bestaat/niet', '/kennisbank/index.html']) {
      const options = await request(target(), p, { method: 'OPTIONS' });
      assert.is(options.status, 204, `OPTIONS ${p}`);
      assert.is(options.headers.allow, 'GET, HEAD', `OPTIONS ${p}`);
      assert.is(options.body.length, 0);
      for (const method of ['TRACE', 'POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'MKCOL']) {
        const a = await request(target(), p, { method, headers: method === 'POST' || method === 'PUT' ? { 'Content-Type': 'text/plain' } : {} });
        assert.is(a.status, 405, `${method} ${p}`);
        assert.is(a.headers.allow, 'GET, HEAD', `${method} ${p}`);
        assert.not.ok(a.body.includes('<html'), `${method} ${p} does not answer with the page`);
        for (const [name, value] of headers) assert.is(a.headers[name.toLowerCase()], value, `${name} on ${method} ${p}`);
      }
      await stillServes(target(), `the methods on ${p}`);
    }
  });
}

test('development: the live-reload script and event stream still answer GET', async () => {
  const script = await request(dev, '/__dev/reload.js');
  assert.is(script.status, 200);
  const events = await new Promise<{ status: number; type: string; first: string }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: dev.port, path: '/__dev/events', agent: false }, (res) => {
      res.once('data', (chunk: Buffer) => {
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), first: String(chunk) });
        req.destroy();
      });
    });
    req.on('error', reject);
  });
  assert.equal(events, { status: 200, type: 'text/event-stream', first: ': verbonden\n\n' });
  // Only the status: were POST given the stream, it would never end.
  const post = await new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: dev.port, path: '/__dev/events', method: 'POST', agent: false }, (res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.end();
  });
  assert.is(post, 405);
});

/** A development server whose page `/` runs `render`; errors it reports are collected. */
async function failingServer(render: () => string): Promise<{ target: Target; errors: unknown[]; reported: Promise<void> }> {
  const errors: unknown[] = [];
  let report = () => {};
  const reported = new Promise<void>((resolve) => { report = resolve; });
  const site: MemorySite = { files: new Map([['404.html', 'niet gevonden']]), onRequest: new Map([['index.html', render], ['ok/index.html', () => 'goed']]) };
  const server = await startServer({ root: built, port: 0, dev: true, headers, memory: () => site, onError: (e) => { errors.push(e); report(); } });
  failing.push(server);
  return { target: { name: 'failing', port: (server.server.address() as net.AddressInfo).port }, errors, reported };
}

test('last resort: an error thrown in a request answers 500 with the security headers, and the next request is served', async () => {
  const { target, errors } = await failingServer(() => { throw new Error('kapot tijdens renderen'); });
  const a = await request(target, '/');
  assert.is(a.status, 500);
  assert.match(String(a.body), /Interne fout/);
  for (const [name, value] of headers) assert.is(a.headers[name.toLowerCase()], value, name);
  assert.is(errors.length, 1);
  assert.is((await request(target, '/ok')).status, 200);
});

test('last resort: an error thrown later, outside the handler (a timer, a promise nobody awaits), does not end the server', async () => {
  const later = await failingServer(() => {
    setTimeout(() => { throw new Error('kapot in een timer'); }, 0);
    return 'pagina';
  });
  assert.is((await request(later.target, '/')).status, 200);
  await later.reported;
  assert.match(String(later.errors[0]), /kapot in een timer/);
  assert.is((await request(later.target, '/ok')).status, 200);

  const rejected = await failingServer(() => {
    void Promise.reject(new Error('kapot in een promise'));
    return 'pagina';
  });
  assert.is((await request(rejected.target, '/')).status, 200);
  await rejected.reported;
  assert.match(String(rejected.errors[0]), /kapot in een promise/);
  assert.is((await request(rejected.target, '/ok')).status, 200);
});

test.run();
