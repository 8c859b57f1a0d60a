/**
 * Every page type works under the production Content-Security-Policy
 * (pipeline/stages/server-config/csp.ts): the shared production build is served a second time,
 * with the security headers `npm run serve` sends, and each page is loaded in
 * Chromium with a `securitypolicyviolation` listener installed before any of
 * its scripts. Any violation, console error or page error fails the test.
 * Requests to the two analytics hosts get an empty script (no network here).
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { closeBrowser, testSite } from './browser.ts';
import { settled } from './settled.ts';
import { startServer, type RunningServer } from '../../pipeline/io/server.ts';
import { policyOrigins, securityHeaders } from '../../pipeline/stages/server-config/csp.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { valueOf } from '../../pipeline/result.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { configText } from '../helpers.ts';

const csp = suite('e2e: Content-Security-Policy');

const config = valueOf(validateConfig(valueOf(parseData({ path: 'site.yml', display: 'dist-config/site.yml', text: configText }))));
if (!config) throw new Error('dist-config/site.yml is invalid');
const thirdParty = new Set([...policyOrigins(config).scripts, ...policyOrigins(config).beacons]);

let server: RunningServer | null = null;
let origin = '';
let routes: ReadonlyArray<string> = [];
let built = '';

csp.before(async () => {
  const site = await testSite();
  built = path.join(site.dir, 'site');
  routes = site.routes;
  server = await startServer({ root: built, port: 0, dev: false, headers: securityHeaders(config, { https: false }) });
  server.server.unref();
  origin = server.url.replace('localhost', '127.0.0.1');
});
csp.after(async () => {
  server?.server.closeAllConnections();
  await new Promise((r) => server?.server.close(r));
  await closeBrowser();
});

interface Findings { readonly violations: string[]; readonly errors: string[]; readonly thirdPartyRequests: string[] }

declare global {
  interface Window { __violations?: string[]; __inline?: boolean }
}

/** A tab that records CSP violations (from before the first script), console errors and page errors. */
async function watchedTab(): Promise<{ tab: Page; findings: Findings }> {
  const tab = await (await testSite()).page();
  const findings: Findings = { violations: [], errors: [], thirdPartyRequests: [] };
  await tab.setCacheEnabled(false);
  await tab.evaluateOnNewDocument(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations?.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  tab.on('console', (m) => { if (m.type() === 'error') findings.errors.push(m.text()); });
  tab.on('pageerror', (e) => findings.errors.push(`page error: ${String(e)}`));
  await tab.setRequestInterception(true);
  tab.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin || url.protocol === 'data:') { void r.continue(); return; }
    findings.thirdPartyRequests.push(url.origin);
    if (thirdParty.has(url.origin)) void r.respond({ status: 200, contentType: 'text/javascript', body: '' });
    else void r.abort();
  });
  return { tab, findings };
}

async function violations(tab: Page): Promise<string[]> {
  return tab.evaluate(() => window.__violations ?? []);
}

const find = (pattern: RegExp): string => {
  const route = routes.find((r) => pattern.test(r));
  if (!route) throw new Error(`no route matches ${pattern}`);
  return route;
};

/** A built page whose HTML contains `marker`, as a route path. */
const pageWith = (marker: string): string | null => {
  for (const entry of fs.readdirSync(built, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file, 'utf8').includes(marker)) return `/${path.relative(built, path.dirname(file)).split(path.sep).join('/')}`;
  }
  return null;
};

csp('should load one page of every type with the policy on and no violation, console error or page error', async () => {
  const pages: Array<[string, string]> = [
    ['content page (home)', '/'],
    ['docs root', '/kennisbank'],
    ['docs item', '/kennisbank/apis/problem-details'],
    ['docs category index', '/kennisbank/apis/'],
    ['docs version root', '/communities/'],
    ['docs tag list', '/kennisbank/tags'],
    ['docs tag documents', '/kennisbank/tags/api'],
    ['blog list', '/blog'],
    ['blog list, page 2', '/blog/page/2'],
    ['blog post', find(/^\/blog\/\d{4}\/\d{2}\/\d{2}\/[^/]+$/)],
    ['blog archive', '/blog/archive'],
    ['blog tags', '/blog/tags'],
    ['blog tag posts', '/blog/tags/api'],
    ['blog authors', '/blog/authors'],
    ['blog author posts', find(/^\/blog\/authors\/[^/]+$/)],
    ['search page with a query', '/zoeken?q=api'],
    ['generic content page', '/contact'],
    ['not-found page', '/404.html'],
  ];
  const diagram = pageWith('class="mermaid-diagram"');
  if (diagram) pages.push(['page with a mermaid diagram', diagram]);
  const code = pageWith('class="code-block"');
  if (code) pages.push(['page with a highlighted code block', code]);

  const failures: string[] = [];
  let loadMs = 0;
  const { tab, findings } = await watchedTab();
  try {
    for (const [type, route] of pages) {
      findings.errors.length = 0;
      const started = performance.now();
      const response = await tab.goto(`${origin}${route}`, { waitUntil: 'load' });
      loadMs += performance.now() - started;
      assert.is(response?.status(), 200, `${type} (${route})`);
      assert.ok(response?.headers()['content-security-policy'], `${route} is served with the policy`);
      // Use the page a little: open what opens, so lazily loaded code runs under the policy too.
      await tab.evaluate(() => {
        for (const el of document.querySelectorAll<HTMLElement>('button[aria-expanded="false"]')) el.click();
      });
      // Async scripts (analytics, lazily imported chunks) run after `load`; past the page's own idle work, then
      // a bounded wait stays: a chunk still loading has no event here, and the network never goes idle on some pages.
      await settled(tab);
      await new Promise((r) => setTimeout(r, 300));
      const v = await violations(tab);
      if (v.length || findings.errors.length) failures.push(`${type} (${route}):\n    ${[...v, ...findings.errors].join('\n    ')}`);
    }
  } finally {
    await tab.close();
  }
  assert.equal(failures, [], `pages that break the policy:\n${failures.join('\n')}`);
  // The only other hosts a page talks to are the analytics services the policy names.
  const others = [...new Set(findings.thirdPartyRequests)].sort();
  assert.ok(others.every((o) => thirdParty.has(o)), `requests to ${others.join(', ')}`);
  console.log(`\n  csp: ${pages.length} pages clean (${Math.round(loadMs)} ms loading); third-party origins requested: ${others.join(', ') || 'none'}`);
});

csp('should load the not-found page for an unknown path under the policy (404 itself is the only console error)', async () => {
  const { tab, findings } = await watchedTab();
  try {
    const response = await tab.goto(`${origin}/bestaat/niet`, { waitUntil: 'networkidle0' });
    assert.is(response?.status(), 404);
    assert.equal(await violations(tab), []);
    assert.equal(findings.errors.filter((e) => !/status of 404/.test(e)), []);
  } finally {
    await tab.close();
  }
});

csp('should block an injected inline script, and the listener should see it (the test can fail)', async () => {
  const { tab } = await watchedTab();
  try {
    await tab.goto(`${origin}/contact`, { waitUntil: 'networkidle0' });
    await tab.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = true;';
      document.body.append(s);
      const img = document.createElement('img');
      img.setAttribute('src', 'https://evil.example/pixel.gif');
      document.body.append(img);
    });
    // An allowed inline script runs as it is added; the violations are reported as events after it.
    await tab.waitForFunction(() => ['script-src', 'img-src'].every((d) => window.__violations?.some((v) => v.startsWith(d))), { timeout: 5000 }).catch(() => {});
    assert.is(await tab.evaluate(() => window.__inline), undefined, 'the inline script did not run');
    const v = await violations(tab);
    assert.ok(v.some((x) => x.startsWith('script-src')), `a script-src violation is reported: ${v.join('; ')}`);
    assert.ok(v.some((x) => x.startsWith('img-src') && x.includes('evil.example')), `an img-src violation is reported: ${v.join('; ')}`);
  } finally {
    await tab.close();
  }
});

csp('should never turn a search query or hash into markup (payloads on /zoeken?q= and in the hash)', async () => {
  const { tab, findings } = await watchedTab();
  let dialogs = 0;
  tab.on('dialog', (d) => { dialogs++; void d.dismiss(); });
  const payloads = [
    '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '<script>alert(1)</script>', "'-alert(1)-'", 'javascript:alert(1)',
    '<a href="javascript:alert(1)" id="fuzz-link">x</a>', '</mark><img src=x onerror=alert(1)>', '{{constructor.constructor("alert(1)")()}}',
  ];
  try {
    for (const payload of payloads) {
      await tab.goto(`${origin}/zoeken?q=${encodeURIComponent(payload)}#${encodeURIComponent(payload)}`, { waitUntil: 'load' });
      // The search page has run the query from the address and shown its outcome.
      await tab.waitForFunction(() => document.querySelector('.search-status')?.textContent, { timeout: 10_000 });
      const injected = await tab.evaluate(() => ({
        img: document.querySelectorAll('main img[src="x"], main svg[onload], main [onerror]').length,
        script: [...document.scripts].filter((s) => !s.src && s.type !== 'application/ld+json').length,
        link: document.querySelectorAll('#fuzz-link, a[href^="javascript:"]').length,
      }));
      assert.equal(injected, { img: 0, script: 0, link: 0 }, payload);
      assert.equal(await violations(tab), [], `no policy violation for ${payload}`);
    }
    assert.is(dialogs, 0, 'no dialog opened');
    assert.equal(findings.errors, []);
  } finally {
    await tab.close();
  }
});

csp.run();
