/**
 * The pages of the built Docusaurus fixture that hold what real sites hold
 * (docs/praktijk/: a button without its handler, page-defined components,
 * an inline TOC, a .md read as MDX with tabs, details and a table, rich
 * summaries, links as buttons, a site component with its drawing), in the
 * browser under the production CSP: axe finds nothing on each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import axe from 'axe-core';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startServer } from '../../pipeline/io/server.ts';
import { chromiumArgs, chromiumPath } from '../../pipeline/io/mermaid.ts';
import { securityHeaders } from '../../pipeline/stages/csp.ts';
import { builtSite } from '../docusaurus/site.ts';

const test = suite('e2e: what real Docusaurus sites hold, on the fixture');

let running: Promise<{ origin: string; browser: Browser }> | null = null;

function start() {
  return (running ??= (async () => {
    const built = await builtSite();
    if (built.exitCode !== 0) throw new Error(`De fixture bouwt niet:\n${built.log}`);
    const server = await startServer({ root: built.out, port: 0, dev: false, headers: securityHeaders({ search: { backend: 'embedded' } }, { https: false }) });
    server.server.unref();
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-chromium-realsite-'));
    process.once('exit', () => fs.rmSync(userDataDir, { recursive: true, force: true }));
    const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir, args: chromiumArgs });
    return { origin: server.url.replace('localhost', '127.0.0.1'), browser };
  })());
}

test.after(async () => { if (running) await (await running).browser.close(); });

async function open(route: string): Promise<Page> {
  const { origin, browser } = await start();
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${origin}${route}`, { waitUntil: 'load' });
  return page;
}

/** axe's WCAG A and AA violations on the page, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const { violations } = await run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

const pages = ['knop', 'eigen-component', 'kop-ids', 'tabbladen-in-md', 'codeblok-import', 'kenmerken', 'link-op-een-regel', 'inhoud-op-de-pagina', 'rijke-titels', 'alleen-in-de-browser'];

for (const name of pages) {
  test(`axe finds nothing on /docs/praktijk/${name}`, async () => {
    const page = await open(`/docs/praktijk/${name}`);
    assert.equal(await axeViolations(page), []);
    await page.close();
  });
}

test('the button is a button a keyboard reaches, and pressing it changes nothing', async () => {
  const page = await open('/docs/praktijk/knop');
  const before = await page.content();
  await page.focus('.markdown button');
  await page.keyboard.press('Enter');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Probeer het');
  assert.is(await page.content(), before);
  await page.close();
});

test.run();
