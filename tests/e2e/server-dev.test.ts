/**
 * `npm start` (the command line's `dev`, in its own process) sends the same
 * security headers as `npm run serve`, and the pages and their live reload
 * work under them: every page of the shell fixture site
 * (tests/fixtures/interactive-site) loads in Chromium without a policy
 * violation, and saving a page reloads the open tab through the same-origin
 * event stream. The content is a copy, so the test can edit it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { closeBrowser, shellSite } from './browser.ts';
import { securityHeaders } from '../../pipeline/stages/server-config/csp.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { valueOf } from '../../pipeline/result.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { root } from '../helpers.ts';

const test = suite('server: npm start under the production security headers');

const fixture = path.join(root, 'tests/fixtures/interactive-site');
const configFile = path.join(fixture, 'site.yml');
const config = valueOf(validateConfig(valueOf(parseData({ path: 'site.yml', display: 'site.yml', text: fs.readFileSync(configFile, 'utf8') }))));
if (!config) throw new Error('tests/fixtures/interactive-site/site.yml is invalid');
const headers = securityHeaders(config, { https: false });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-dev-'));
const content = path.join(work, 'content');
fs.cpSync(path.join(fixture, 'content'), content, { recursive: true });

let child: ChildProcess | null = null;
let output = '';
let origin = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.before(async () => {
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'pipeline/cli/main.ts'), 'dev', '--port', String(port), '--content', content, '--config', configFile], {
    cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('Ontwikkelserver draait')) resolve();
    };
    child?.stdout?.on('data', listen);
    child?.stderr?.on('data', listen);
    child?.once('exit', (code) => reject(new Error(`npm start stopte (${code}):\n${output}`)));
  });
  origin = `http://127.0.0.1:${port}`;
});

test.after(async () => {
  child?.kill('SIGTERM');
  await closeBrowser();
  fs.rmSync(work, { recursive: true, force: true });
});

function headersOf(pathname: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}${pathname}`, { agent: false }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.destroy();
    });
    req.on('error', reject);
  });
}

test('every answer carries the security headers npm run serve sends: pages, assets, 404, redirects, live reload', async () => {
  for (const p of ['/', '/kennisbank', '/contact', '/bestaat/niet', '/contact/index.html', '/__dev/reload.js', '/__dev/events']) {
    const a = await headersOf(p);
    for (const [name, value] of headers) assert.is(a.headers[name.toLowerCase()], value, `${name} on ${p} (${a.status})`);
  }
});

declare global {
  interface Window { __violations?: string[] }
}

/** Resolves once the next page's live-reload stream has connected (the server answered its request). */
const streamConnected = (tab: Page) => tab.waitForResponse((r) => new URL(r.url()).pathname === '/__dev/events', { timeout: 5000 });

test('every page loads under the policy without a violation, and saving a page reloads the open tab', async () => {
  const { routes } = await shellSite();
  const tab = await (await shellSite()).page();
  const errors: string[] = [];
  tab.on('pageerror', (e) => errors.push(`page error: ${String(e)}`));
  await tab.evaluateOnNewDocument(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations?.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const failures: string[] = [];
  try {
    for (const route of routes) {
      const stream = streamConnected(tab);
      const response = await tab.goto(`${origin}${route}`, { waitUntil: 'load' });
      assert.ok(response?.headers()['content-security-policy'], `${route} is served with the policy`);
      // The live-reload stream opens after load; let it connect before looking (a blocked stream never does: its violation is reported).
      await stream.catch(() => {});
      const violations = await tab.evaluate(() => window.__violations ?? []);
      if (violations.length) failures.push(`${route}: ${violations.join('; ')}`);
    }
    assert.equal(failures, [], `pages that break the policy in development:\n${failures.join('\n')}`);
    assert.equal(errors, []);

    const stream = streamConnected(tab);
    await tab.goto(`${origin}/contact`, { waitUntil: 'load' });
    await stream;
    const file = path.join(content, 'pages/contact.md');
    fs.writeFileSync(file, `${fs.readFileSync(file, 'utf8')}\nBel ons ook eens.\n`);
    // Waits across the reload (a new document), until the saved text shows.
    const shown = await tab.waitForFunction(() => document.body?.textContent?.includes('Bel ons ook eens'), { polling: 100 }).then(() => true, () => false);
    assert.ok(shown, `the tab reloaded with the saved page; npm start said:\n${output}`);
    assert.equal(await tab.evaluate(() => window.__violations ?? []), []);
  } finally {
    await tab.close();
  }
});

test.run();
