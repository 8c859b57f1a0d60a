/**
 * Browser test support: one production build of the real content, served on
 * 127.0.0.1 at a free port, and one headless Debian Chromium for all suites.
 */
import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { writeSite } from '../../pipeline/io/write.ts';
import { startServer } from '../../pipeline/io/server.ts';
import { chromiumArgs, chromiumPath } from '../../pipeline/chromium.ts';
import { hasErrors } from '../../pipeline/problem.ts';
import { formatProblems } from '../../pipeline/cli/report.ts';
import { root, temporaryFolder } from '../helpers.ts';
import { securityHeaders, type Header } from '../../pipeline/stages/server-config/csp.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { valueOf } from '../../pipeline/result.ts';
import { builtSite } from '../docusaurus/site.ts';

export interface TestSite {
  readonly origin: string;
  /** The test's own folder; a site built here is in its `site/` folder. */
  readonly dir: string;
  readonly routes: ReadonlyArray<string>;
  /** A new tab in this suite's browser (launched on first use). */
  readonly page: () => Promise<Page>;
}

let shared: Promise<TestSite> | null = null;

async function start(content = path.join(root, 'content'), config = path.join(root, 'dist-config/site.yml'), headers?: ReadonlyArray<Header>): Promise<TestSite> {
  const dir = temporaryFolder('ontwikkelaarsportaal-e2e-');
  const result = await runBuild({ content, config, mode: 'production', render: true, cacheDir: path.join(root, '.cache') });
  if (hasErrors(result.problems)) throw new Error(`De testbuild faalt:\n${formatProblems(result.problems, { colour: false })}`);
  await writeSite(path.join(dir, 'site'), result.files);
  return serve(path.join(dir, 'site'), dir, result.routes.map((r) => r.path), headers);
}

/** The built site in `site`, served on 127.0.0.1 at a free port; `dir` is the test's folder that holds it. */
async function serve(site: string, dir: string, routes: ReadonlyArray<string>, headers?: ReadonlyArray<Header>): Promise<TestSite> {
  const server = await startServer({ root: site, port: 0, dev: false, ...(headers ? { headers } : {}) });
  const origin = server.url.replace('localhost', '127.0.0.1');
  // The server must not keep the test process alive once the suites are done.
  server.server.unref();
  return {
    origin, dir, routes,
    page: async () => {
      const page = await (await browser()).newPage();
      await page.setViewport({ width: 1280, height: 900 });
      return page;
    },
  };
}

let running: Promise<Browser> | null = null;
let profiles = 0;

/** One Chromium per suite, each with a fresh profile. */
function browser(): Promise<Browser> {
  return (running ??= (async () => {
    const userDataDir = temporaryFolder(`ontwikkelaarsportaal-chromium-${profiles++}-`);
    // Tests never reach the real analytics services: their hosts fail at once instead of waiting on DNS.
    const offline = '--host-resolver-rules=MAP teller.developer.overheid.nl ~NOTFOUND, MAP statistiek.developer.overheid.nl ~NOTFOUND';
    return puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir, args: [...chromiumArgs, offline] });
  })());
}

/** The shared site; the first suite that asks builds it (uvu runs all files in one process). */
export const testSite = (): Promise<TestSite> => (shared ??= start());

let shell: Promise<TestSite> | null = null;
const shellFixture = path.join(root, 'tests/fixtures/interactive-site');

/**
 * A small second site (tests/fixtures/interactive-site) with what our configuration leaves out: every
 * navbar item type, a closeable announcement bar, the colour switch, a footer row with a light and
 * dark logo. Served with the production security headers, so the CSP forbids inline script.
 */
export const shellSite = (): Promise<TestSite> => (shell ??= (async () => {
  const config = valueOf(validateConfig(valueOf(parseData({ path: 'site.yml', display: 'site.yml', text: fs.readFileSync(path.join(shellFixture, 'site.yml'), 'utf8') }))));
  if (!config) throw new Error('tests/fixtures/interactive-site/site.yml is ongeldig');
  return start(path.join(shellFixture, 'content'), path.join(shellFixture, 'site.yml'), securityHeaders(config, { https: false }));
})());

let docusaurus: Promise<TestSite> | null = null;

/**
 * The Docusaurus fixture (tests/fixtures/docusaurus-site), migrated and built once by
 * `builtSite()`, served with the production security headers.
 */
export const docusaurusSite = (): Promise<TestSite> => (docusaurus ??= (async () => {
  const built = await builtSite();
  if (built.exitCode !== 0) throw new Error(`De fixture bouwt niet:\n${built.log}`);
  return serve(built.out, path.dirname(built.out), [], securityHeaders({ search: { backend: 'embedded' } }, { https: false }));
})());

/** axe's WCAG A and AA violations on the page, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const { violations } = await run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

/** Call from each browser suite's `after`. */
export async function closeBrowser(): Promise<void> {
  const current = running;
  running = null;
  if (current) await (await current).close();
}

/**
 * A tab of the Docusaurus fixture at `route` that records console errors, page
 * errors and CSP violations from before the first script, and the scripts it
 * requests.
 */
export async function watchedDocusaurusPage(route: string, options: { javaScript?: boolean } = {}): Promise<{ page: Page; problems: () => Promise<string[]>; scripts: () => string[] }> {
  const site = await docusaurusSite();
  const page = await site.page();
  const errors: string[] = [];
  if (options.javaScript === false) await page.setJavaScriptEnabled(false);
  else {
    await page.evaluateOnNewDocument(() => {
      (window as { __violations?: string[] }).__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as { __violations?: string[] }).__violations?.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`);
      });
    });
  }
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(`page error: ${String(e)}`));
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
  await page.goto(`${site.origin}${route}`, { waitUntil: 'load' });
  return {
    page,
    problems: async () => [...errors, ...(options.javaScript === false ? [] : await page.evaluate(() => (window as { __violations?: string[] }).__violations ?? []))],
    scripts: () => [...scripts],
  };
}
