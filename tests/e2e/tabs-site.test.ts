/**
 * The MDX components on the built Docusaurus fixture, in the browser, served
 * with the production CSP: tabs on /docs/componenten/tabs without and with
 * JavaScript, a groupId's choice carried to the next page by the client
 * router and by a full load, the queryString set, and axe on the page with
 * every component (tabs, DocCard, admonitions, details, a code block, the
 * site's own components) and on the category page with its card list.
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

const test = suite('e2e: MDX components on the Docusaurus fixture');

let running: Promise<{ origin: string; browser: Browser }> | null = null;

function start() {
  return (running ??= (async () => {
    const built = await builtSite();
    if (built.exitCode !== 0) throw new Error(`De fixture bouwt niet:\n${built.log}`);
    const server = await startServer({ root: built.out, port: 0, dev: false, headers: securityHeaders({ search: { backend: 'embedded' } }, { https: false }) });
    server.server.unref();
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-chromium-components-'));
    process.once('exit', () => fs.rmSync(userDataDir, { recursive: true, force: true }));
    const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir, args: chromiumArgs });
    return { origin: server.url.replace('localhost', '127.0.0.1'), browser };
  })());
}

test.after(async () => { if (running) await (await running).browser.close(); });

async function open(url: string, options: { js?: boolean } = {}): Promise<Page> {
  const { origin, browser } = await start();
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  if (options.js === false) await page.setJavaScriptEnabled(false);
  else {
    await page.goto(`${origin}/docs/intro`, { waitUntil: 'load' });
    await page.evaluate(() => localStorage.clear());
  }
  await page.goto(`${origin}${url}`, { waitUntil: 'load' });
  if (options.js !== false && await page.$('[data-tabs]')) await page.waitForSelector('.tabs-ready');
  return page;
}

const state = (page: Page) => page.$$eval('[data-tabs]', (sets) => sets.map((set) => ({
  selected: set.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? null,
  visible: [...set.querySelectorAll<HTMLElement>(':scope > .tabs-panel')].filter((p) => p.offsetParent !== null).map((p) => p.dataset.tabValue),
  headings: [...set.querySelectorAll<HTMLElement>('.tabs-panel-heading')].filter((e) => e.offsetParent !== null).map((e) => e.textContent),
})));

test('without JavaScript every panel shows under its heading', async () => {
  const page = await open('/docs/componenten/tabs', { js: false });
  const sets = await state(page);
  assert.equal(sets.map((s) => s.visible), [['linux', 'macos', 'windows'], ['linux', 'macos', 'windows'], ['js', 'py']]);
  assert.equal(sets[2]!.headings, ['JavaScript', 'Python']);
  assert.is(await page.$('[role="tablist"]'), null);
  await page.close();
});

test('with JavaScript: tabs, the keyboard, and a group kept across the page and the next, by the router and by a load', async () => {
  const page = await open('/docs/componenten/tabs');
  assert.equal((await state(page)).map((s) => s.selected), ['Linux', 'Linux', 'Python']);
  await page.focus('[data-group-id="os"] [role="tab"][aria-selected="true"]');
  await page.keyboard.press('End');
  assert.equal((await state(page)).map((s) => s.selected), ['Windows', 'Windows', 'Python']);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  assert.equal((await state(page)).map((s) => s.selected), ['macOS', 'macOS', 'Python']);
  assert.is(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os')), 'macos');
  // The paginator's link to the next page: the client router swaps the page in, the tabs follow.
  await page.click('a.paginator-next');
  await page.waitForFunction(() => location.pathname.endsWith('/alles'));
  await page.click('a.paginator-next');
  await page.waitForFunction(() => location.pathname.endsWith('/tabs-vervolg') && document.querySelector('.tabs-ready') !== null);
  assert.equal((await state(page)).map((s) => s.selected), ['macOS']);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('.tabs-ready');
  assert.equal((await state(page)).map((s) => s.selected), ['macOS']);
  await page.close();
});

test('queryString: the URL opens a tab and follows the choice', async () => {
  const page = await open('/docs/componenten/tabs?taal=js');
  assert.is((await state(page))[2]!.selected, 'JavaScript');
  await page.click('[data-group-id="taal"] [role="tab"]:nth-child(2)');
  assert.is(new URL(page.url()).searchParams.get('taal'), 'py');
  await page.close();
});

for (const url of ['/docs/componenten/alles', '/docs/componenten/', '/docs/componenten/tabs']) {
  test(`axe finds nothing on ${url}, with and without JavaScript`, async () => {
    for (const js of [true, false]) {
      const page = await open(url, { js });
      if (!js) await page.setJavaScriptEnabled(true);
      await page.evaluate(axe.source);
      const violations = await page.evaluate(async () => (await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }))
        .violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
      assert.equal(violations, [], js ? 'with JavaScript' : 'without JavaScript');
      await page.close();
    }
  });
}

test.run();
