/**
 * Mermaid without Chromium at build time (issue 5): the build warns with the
 * diagram's file and line, the page keeps the diagram's source, and the
 * browser draws it with a self-hosted mermaid, under the production
 * Content-Security-Policy. A page without a diagram never asks for mermaid.
 *
 * "No Chromium" is simulated with ONTWIKKELAARSPORTAAL_MERMAID=browser
 * (pipeline/io/mermaid.ts); the tiny site is built with the real runBuild.
 * Also, with the real Chromium: a mermaid syntax error is an error at file:line,
 * and a drawn diagram is cached by the hash of its source. And the two other
 * Markdown islands on the same tiny site: the copy button of a code block and
 * a video that loads only after a click.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { writeSite } from '../../pipeline/io/write.ts';
import { startServer, type RunningServer } from '../../pipeline/io/server.ts';
import { chromiumArgs, chromiumPath } from '../../pipeline/chromium.ts';
import { mermaidVersion, renderDiagrams } from '../../pipeline/io/mermaid.ts';
import { securityHeaders } from '../../pipeline/stages/server-config/csp.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { valueOf } from '../../pipeline/result.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { mermaidSources, renderMarkdown } from '../../pipeline/stages/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { hasErrors } from '../../pipeline/problem.ts';
import { formatProblems } from '../../pipeline/cli/report.ts';
import { configText, minimalAuthors, minimalTags, root } from '../helpers.ts';

const fallback = suite('e2e: Markdown in the browser (mermaid without Chromium at build time, copy button, video)');

const diagram = 'flowchart LR\n  A[Aanvraag] --> B[Besluit]';
const files: Record<string, string> = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
  'kennisbank/diagram.md': `---\ntitle: Met diagram\n---\n\nZo loopt een aanvraag:\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n`,
  'kennisbank/zonder.md': '---\ntitle: Zonder diagram\n---\n\nGeen diagram hier. Zie [de pagina met diagram](./diagram.md).\n',
  'kennisbank/eilanden.md': '---\ntitle: Code en video\n---\n\n```text\nnpm run build\n```\n\n::video-youtube[Introductie]{#abc123}\n',
};

const config = valueOf(validateConfig(valueOf(parseData({ path: 'site.yml', display: 'dist-config/site.yml', text: configText }))));
if (!config) throw new Error('dist-config/site.yml is invalid');

let dir = '';
let server: RunningServer | null = null;
let origin = '';
let browser: Browser | null = null;
let warnings: string[] = [];

fallback.before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-mermaid-fallback-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'content', file)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'content', file), text);
  }
  const previous = process.env.ONTWIKKELAARSPORTAAL_MERMAID;
  process.env.ONTWIKKELAARSPORTAAL_MERMAID = 'browser';
  let result: Awaited<ReturnType<typeof runBuild>>;
  try {
    result = await runBuild({
      content: path.join(dir, 'content'), config: path.join(root, 'dist-config/site.yml'),
      mode: 'production', render: true, cacheDir: path.join(dir, 'cache'),
    });
  } finally {
    if (previous === undefined) delete process.env.ONTWIKKELAARSPORTAAL_MERMAID;
    else process.env.ONTWIKKELAARSPORTAAL_MERMAID = previous;
  }
  if (hasErrors(result.problems)) throw new Error(`De testbuild faalt:\n${formatProblems(result.problems, { colour: false })}`);
  warnings = result.problems.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line}:${p.column}`);
  await writeSite(path.join(dir, 'site'), result.files);
  server = await startServer({ root: path.join(dir, 'site'), port: 0, dev: false, headers: securityHeaders(config, { https: false }) });
  server.server.unref();
  origin = server.url.replace('localhost', '127.0.0.1');
  browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir: path.join(dir, 'chromium'), args: chromiumArgs });
});

fallback.after(async () => {
  await browser?.close();
  server?.server.closeAllConnections();
  await new Promise((r) => server?.server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Watched { readonly tab: Page; readonly requests: string[]; readonly errors: string[] }

/** A tab that records every request, CSP violations, console errors and page errors. */
async function watchedTab(): Promise<Watched> {
  const tab = await browser!.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  await tab.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`));
  });
  // The analytics scripts of the real configuration get an empty answer (no network here).
  await tab.setRequestInterception(true);
  tab.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin) { requests.push(url.pathname); void r.continue(); return; }
    requests.push(url.href);
    void r.respond({ status: 200, contentType: 'text/javascript', body: '' });
  });
  // The tiny site has no home page: the shell's prefetch of `/` may get a 404, which is not what this test is about.
  tab.on('response', (r) => { if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/assets/')) errors.push(`${r.status()} ${r.url()}`); });
  tab.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text()); });
  tab.on('pageerror', (e) => errors.push(`page error: ${String(e)}`));
  return { tab, requests, errors };
}

const drawn = (tab: Page) =>
  tab.waitForSelector('figure.mermaid-diagram[role="img"] svg', { timeout: 20_000 });

fallback('should warn at the diagram, with file and line, and build nonetheless', () => {
  assert.ok(warnings.some((w) => /^warning mermaid-unavailable \S*content\/kennisbank\/diagram\.md:7:1$/.test(w)), warnings.join('\n'));
  const html = fs.readFileSync(path.join(dir, 'site/kennisbank/diagram/index.html'), 'utf8');
  assert.match(html, /<figure class="mermaid-diagram mermaid-lazy" aria-label="Diagram: Aanvraag, Besluit" data-mermaid-lazy="">/);
  assert.ok(fs.existsSync(path.join(dir, `site/assets/mermaid-${mermaidVersion}/mermaid.esm.min.mjs`)), 'mermaid is self-hosted');
  assert.not.match(fs.readFileSync(path.join(dir, 'site/kennisbank/zonder/index.html'), 'utf8'), /mermaid/);
});

fallback('should draw the diagram in the browser with the self-hosted mermaid, under the CSP', async () => {
  const { tab, requests, errors } = await watchedTab();
  const response = await tab.goto(`${origin}/kennisbank/diagram`, { waitUntil: 'load' });
  assert.ok(response?.headers()['content-security-policy']?.includes("script-src 'self'"), 'served with the production policy');
  await drawn(tab);
  const figure = await tab.$eval('figure.mermaid-diagram', (f) => ({
    label: f.getAttribute('aria-label'), lazy: f.hasAttribute('data-mermaid-lazy'), source: f.querySelector('pre') !== null, text: f.querySelector('svg')?.textContent ?? '',
  }));
  assert.is(figure.label, 'Diagram: Aanvraag, Besluit', 'the text alternative stays');
  assert.not.ok(figure.lazy);
  assert.not.ok(figure.source, 'the SVG replaces the source');
  assert.match(figure.text, /Aanvraag/);
  assert.match(figure.text, /Besluit/);
  assert.ok(requests.includes(`/assets/mermaid-${mermaidVersion}/mermaid.esm.min.mjs`), requests.join('\n'));
  assert.equal(requests.filter((r) => /^https?:/.test(r) && /mermaid/.test(r)), [], 'mermaid comes from the site itself');
  assert.equal(errors, []);
  await tab.close();
});

fallback('should never load mermaid on a page without a diagram, and load it after navigating to one', async () => {
  const { tab, requests, errors } = await watchedTab();
  await tab.goto(`${origin}/kennisbank/zonder`, { waitUntil: 'networkidle0' });
  assert.ok(requests.some((r) => /^\/assets\/shell-[\w-]+\.js$/.test(r)), `the shell bundle loaded: ${requests.join(' ')}`);
  assert.equal(requests.filter((r) => /mermaid/.test(r)), [], 'no mermaid request on a page without a diagram');
  // Client-side navigation to the page with the diagram: the shell draws it there.
  await tab.click('main a[href="/kennisbank/diagram"]');
  await tab.waitForFunction(() => location.pathname === '/kennisbank/diagram', { timeout: 10_000 });
  await drawn(tab);
  assert.ok(requests.some((r) => /mermaid-lazy-[\w-]+\.js$/.test(r)));
  assert.equal(errors, []);
  await tab.close();
});

fallback('should build with a warning, not a crash, when Chromium cannot start', () => {
  // A Chromium that exits at once: the diagrams are left to the browser, as without Chromium.
  const run = spawnSync(process.execPath, [path.join(root, 'bin/ontwikkelaarsportaal.mjs'), 'check', '--content', path.join(dir, 'content'), '--config', path.join(root, 'dist-config/site.yml')], {
    cwd: dir, encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: '/bin/false' }, timeout: 120_000,
  });
  assert.is(run.status, 0, run.stderr);
  assert.match(run.stderr, /content\/kennisbank\/diagram\.md:7:1 warning mermaid-unavailable/);
  assert.not.match(run.stderr, /\n\s+at /, 'no stack trace');
});

fallback('should report a mermaid syntax error from the real Chromium as an error at the file and line', async () => {
  const broken = 'Eerst tekst.\n\n```mermaid\nflowchart LR\n  A[Aanvraag] -->> B[Besluit\n```\n';
  const tree = parseMarkdownBody(broken);
  const diagrams = await renderDiagrams(mermaidSources([tree]), path.join(dir, 'syntax-cache'));
  assert.ok(diagrams, 'Chromium is available for this test');
  const { problems } = renderMarkdown({ tree, path: 'kennisbank/kapot.md', display: 'content/kennisbank/kapot.md', permalink: '/kennisbank/kapot', tocMin: 2, tocMax: 3 },
    { permalinks: new Map(), drafts: new Set(), assets: new Map(), highlighter: null, diagrams });
  assert.equal(problems.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line}:${p.column}`), ['error mermaid-syntax content/kennisbank/kapot.md:3:1']);
  assert.match(problems[0]?.message ?? '', /Parse error|Expecting|error/i);
  // A broken diagram is never cached: the next build tries again.
  assert.equal(fs.existsSync(path.join(dir, 'syntax-cache')) ? fs.readdirSync(path.join(dir, 'syntax-cache')) : [], []);
});

fallback('should draw a diagram once and then take it from the cache, by the hash of its source', async () => {
  const cache = path.join(dir, 'hash-cache');
  const sources = mermaidSources([parseMarkdownBody(`\`\`\`mermaid\n${diagram}\n\`\`\`\n`)]);
  const [hash] = [...sources.keys()];
  const first = await renderDiagrams(sources, cache);
  const svg = first?.get(hash!);
  assert.ok(svg && 'svg' in svg && svg.svg.startsWith('<svg'), 'drawn in Chromium');
  assert.equal(fs.readdirSync(cache), [`${hash}.svg`]);
  // Mark the cached file: the second run must return it as it is, without drawing again.
  fs.writeFileSync(path.join(cache, `${hash}.svg`), '<svg data-uit-de-cache=""></svg>');
  const second = await renderDiagrams(sources, cache);
  assert.equal(second?.get(hash!), { svg: '<svg data-uit-de-cache=""></svg>' });
});

fallback('should enable the copy button of a code block ("Kopieer" → "Gekopieerd")', async () => {
  const { tab, errors } = await watchedTab();
  await browser!.defaultBrowserContext().overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  await tab.goto(`${origin}/kennisbank/eilanden`, { waitUntil: 'load' });
  const button = await tab.waitForSelector('.code-block button[data-copy]:not([hidden])', { timeout: 10_000 });
  assert.is(await button!.evaluate((b) => b.textContent), 'Kopieer');
  await button!.click();
  await tab.waitForFunction(() => document.querySelector('.code-block button[data-copy]')?.textContent === 'Gekopieerd', { timeout: 5_000 });
  assert.is(await tab.evaluate(() => navigator.clipboard.readText()), 'npm run build');
  assert.equal(errors, []);
  await tab.close();
});

fallback('should load a video from the provider only after a click, privacy-friendly', async () => {
  const { tab, requests, errors } = await watchedTab();
  await tab.goto(`${origin}/kennisbank/eilanden`, { waitUntil: 'networkidle0' });
  assert.equal(requests.filter((r) => /youtube|vimeo/.test(r)), [], 'nothing from the video host before the click');
  assert.is(await tab.$('iframe'), null);
  await tab.click('.video-embed a');
  const frame = await tab.waitForSelector('.video-embed iframe', { timeout: 5_000 });
  assert.is(await frame!.evaluate((f) => (f as HTMLIFrameElement).src), 'https://www.youtube-nocookie.com/embed/abc123?autoplay=1');
  assert.match(await frame!.evaluate((f) => f.title), /Introductie/);
  assert.equal(errors, []);
  await tab.close();
});

fallback.run();
