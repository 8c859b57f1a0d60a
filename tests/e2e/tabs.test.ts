/**
 * Tabs in the browser (theme/mdx/Tabs.tsx rendered, theme/client/tabs.ts
 * enhancing): without JavaScript every panel shows under its heading; with it
 * a WAI-ARIA tablist (click, Left/Right, Home, End, roving tabindex), the
 * choice of a `groupId` kept in localStorage under Docusaurus' key and shared
 * by every set of the group on the page and on the next page, and
 * `queryString` read from and written to the URL.
 *
 * The pages are the theme's real stylesheet and client bundle around Tabs
 * markup the components render, served with the production CSP: the client
 * may not rely on inline script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import axe from 'axe-core';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { loadTheme } from '../../pipeline/io/theme.ts';
import { startServer } from '../../pipeline/io/server.ts';
import { chromiumArgs, chromiumPath } from '../../pipeline/chromium.ts';
import { securityHeaders } from '../../pipeline/stages/server-config/csp.ts';
import { Tabs } from '../../theme/mdx/Tabs.tsx';
import { TabItem } from '../../theme/mdx/TabItem.tsx';
import { root, temporaryFolder } from '../helpers.ts';

const tabs = suite('e2e: tabs');

const items = (values: ReadonlyArray<[string, string]>, marked?: string): ReactNode[] =>
  values.map(([value, label]) => h(TabItem, { key: value, value, label, default: value === marked }, h('p', null, `Tekst voor ${label}.`)));
const os3: Array<[string, string]> = [['linux', 'Linux'], ['macos', 'macOS'], ['windows', 'Windows']];

/** The two pages: two sets of one group and a set with a query string on the first, the group again on the second. */
const pages: Record<string, ReactNode> = {
  'een/index.html': [
    h('h2', { key: 'a' }, 'Installeren'),
    h(Tabs, { key: 'b', groupId: 'os' }, items(os3)),
    h('h2', { key: 'c' }, 'Starten'),
    h(Tabs, { key: 'd', groupId: 'os' }, items(os3)),
    h('h2', { key: 'e' }, 'Taal'),
    h(Tabs, { key: 'f', groupId: 'taal', queryString: true }, items([['js', 'JavaScript'], ['py', 'Python']], 'py')),
  ],
  'twee/index.html': [h('h2', { key: 'a' }, 'Nog een keer'), h(Tabs, { key: 'b', groupId: 'os' }, items(os3))],
};

let site: Promise<{ origin: string; browser: Browser }> | null = null;

function start() {
  return (site ??= (async () => {
    const dir = temporaryFolder('ontwikkelaarsportaal-tabs-');
    const { theme, files } = await loadTheme({ cacheDir: path.join(root, '.cache') });
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
      fs.writeFileSync(path.join(dir, file.path), file.data);
    }
    for (const [file, body] of Object.entries(pages)) {
      const main = renderToStaticMarkup(h('main', { id: 'inhoud' }, h('article', { className: 'doc' }, h('h1', null, 'Tabs'), h('div', { className: 'markdown' }, body))));
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tabs</title><link rel="stylesheet" href="${theme.css}"><script type="module" src="${theme.js}"></script></head><body>${main}</body></html>`);
    }
    const server = await startServer({ root: dir, port: 0, dev: false, headers: securityHeaders({ search: { backend: 'embedded' } }, { https: false }) });
    server.server.unref();
    const userDataDir = temporaryFolder('ontwikkelaarsportaal-chromium-tabs-');
    const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir, args: chromiumArgs });
    return { origin: server.url.replace('localhost', '127.0.0.1'), browser };
  })());
}

tabs.after(async () => { if (site) await (await site).browser.close(); });

/** A new tab at `path`, with empty storage; `js: false` loads the page as a reader without JavaScript. */
async function open(url: string, options: { js?: boolean } = {}): Promise<Page> {
  const { origin, browser } = await start();
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  if (options.js === false) await page.setJavaScriptEnabled(false);
  await page.goto(`${origin}/een/`, { waitUntil: 'load' });
  if (options.js !== false) await page.evaluate(() => localStorage.clear());
  await page.goto(`${origin}${url}`, { waitUntil: 'load' });
  if (options.js !== false) await page.waitForSelector('.tabs-ready [role="tablist"]');
  return page;
}

/** Per set on the page: the label of its selected tab, the values of its visible panels, and whether its headings show. */
const state = (page: Page) => page.$$eval('[data-tabs]', (sets) => sets.map((set) => ({
  selected: set.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? null,
  visible: [...set.querySelectorAll<HTMLElement>(':scope > .tabs-panel')].filter((p) => p.offsetParent !== null).map((p) => p.dataset.tabValue),
  headings: [...set.querySelectorAll<HTMLElement>('.tabs-panel-heading')].filter((e) => e.offsetParent !== null).map((e) => e.textContent),
})));

const focused = (page: Page) => page.evaluate(() => [document.activeElement?.getAttribute('role'), document.activeElement?.textContent]);

tabs('should show every panel under its heading without JavaScript, with nothing hidden', async () => {
  const page = await open('/een/', { js: false });
  const sets = await state(page);
  assert.equal(sets[0], { selected: null, visible: ['linux', 'macos', 'windows'], headings: ['Linux', 'macOS', 'Windows'] });
  assert.equal(sets[2], { selected: null, visible: ['js', 'py'], headings: ['JavaScript', 'Python'] });
  assert.is(await page.$('[role="tablist"]'), null);
  assert.is(await page.$('[hidden]'), null);
  await page.close();
});

tabs('should turn each set into tabs: a tablist, one panel shown, the default first, a roving tabindex', async () => {
  const page = await open('/een/');
  const sets = await state(page);
  assert.equal(sets[0], { selected: 'Linux', visible: ['linux'], headings: [] });
  assert.equal(sets[2], { selected: 'Python', visible: ['py'], headings: [] });
  const first = await page.$$eval('[data-tabs]:first-of-type [role="tab"]', (tabs) => tabs.map((t) => [t.getAttribute('tabindex'), t.getAttribute('aria-controls') === t.closest('[data-tabs]')?.querySelector('[role="tabpanel"]:not([hidden])')?.id || null]));
  assert.equal(first.map((t) => t[0]), ['0', '-1', '-1']);
  assert.is(first[0]![1], true, 'the selected tab controls the visible panel');
  const labelled = await page.$$eval('[role="tabpanel"]', (panels) => panels.every((p) => document.getElementById(p.getAttribute('aria-labelledby') ?? '')?.getAttribute('role') === 'tab'));
  assert.ok(labelled, 'every panel is labelled by its tab');
  await page.close();
});

tabs('should show a tab on click, and move with Left, Right, Home and End', async () => {
  const page = await open('/een/');
  await page.click('[data-group-id="taal"] [role="tab"]:first-child');
  assert.equal((await state(page))[2]!.visible, ['js']);
  await page.click('[data-group-id="os"] [role="tab"]');
  assert.equal(await focused(page), ['tab', 'Linux']);
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), ['tab', 'macOS']);
  assert.equal((await state(page))[0]!.visible, ['macos']);
  await page.keyboard.press('End');
  assert.equal(await focused(page), ['tab', 'Windows']);
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), ['tab', 'Linux'], 'Right wraps to the first');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(page), ['tab', 'Windows'], 'Left wraps to the last');
  await page.keyboard.press('Home');
  assert.equal(await focused(page), ['tab', 'Linux']);
  assert.equal((await state(page))[0]!.visible, ['linux']);
  // Tab leaves the tablist for the panel.
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'tabpanel');
  await page.close();
});

tabs('should keep a group\'s choice in localStorage and show it in every set of the group, on this page and the next', async () => {
  const page = await open('/een/');
  await page.click('[data-group-id="os"] [role="tab"]:nth-child(3)');
  const sets = await state(page);
  assert.is(sets[0]!.selected, 'Windows');
  assert.is(sets[1]!.selected, 'Windows', 'the other set of the group follows');
  assert.is(sets[2]!.selected, 'Python', 'another group does not');
  assert.is(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os')), 'windows');
  const { origin } = await start();
  await page.goto(`${origin}/twee/`, { waitUntil: 'load' });
  await page.waitForSelector('.tabs-ready');
  assert.equal((await state(page))[0], { selected: 'Windows', visible: ['windows'], headings: [] });
  // A value no panel has is ignored.
  await page.evaluate(() => localStorage.setItem('docusaurus.tab.os', 'beos'));
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('.tabs-ready');
  assert.is((await state(page))[0]!.selected, 'Linux');
  await page.close();
});

tabs('should follow a choice made in another window of the site', async () => {
  const first = await open('/een/');
  const second = await open('/twee/');
  await first.bringToFront();
  await first.click('[data-group-id="os"] [role="tab"]:nth-child(2)');
  await second.waitForFunction(() => document.querySelector('[data-group-id="os"] [role="tab"][aria-selected="true"]')?.textContent === 'macOS');
  await first.close();
  await second.close();
});

tabs('should read the choice from the URL query and write it there, the URL winning over storage', async () => {
  const page = await open('/een/?taal=js');
  assert.is((await state(page))[2]!.selected, 'JavaScript');
  const entries = await page.evaluate(() => history.length);
  await page.click('[data-group-id="taal"] [role="tab"]:nth-child(2)');
  assert.is(new URL(page.url()).searchParams.get('taal'), 'py');
  // Replaced, not pushed: choosing a tab is no step back in the history.
  assert.is(await page.evaluate(() => history.length), entries);
  assert.is(await page.evaluate(() => localStorage.getItem('docusaurus.tab.taal')), 'py');
  const { origin } = await start();
  await page.goto(`${origin}/een/?taal=js`, { waitUntil: 'load' });
  await page.waitForSelector('.tabs-ready');
  assert.is((await state(page))[2]!.selected, 'JavaScript', 'the URL wins over the stored py');
  await page.close();
});

tabs('should keep the page still while the tabs chunk loads: only the shown panel, the tablist\'s place kept', async () => {
  const { origin, browser } = await start();
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  // The chunk waits until the test lets it through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (/\/assets\/tabs-[^/]+\.js$/.test(request.url())) void held.then(() => request.continue());
    else void request.continue();
  });
  await page.goto(`${origin}/een/`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.documentElement.classList.contains('js'));
  const where = () => page.$$eval('[data-tabs] > .tabs-panel[data-tab-default] > p', (ps) => ps.map((p) => Math.round(p.getBoundingClientRect().top)));
  const before = await where();
  assert.equal((await state(page)).map((s) => s.visible), [['linux'], ['linux'], ['py']], 'only the shown panel before the chunk');
  release();
  await page.waitForSelector('.tabs-ready');
  assert.equal(await where(), before, 'the panels stay where they were');
  await page.close();
});

tabs('should give axe nothing to find, with and without JavaScript', async () => {
  for (const js of [true, false]) {
    const page = await open('/een/', { js });
    if (!js) await page.setJavaScriptEnabled(true);
    await page.evaluate(axe.source);
    const violations = await page.evaluate(async () => (await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    assert.equal(violations, [], js ? 'with JavaScript' : 'without JavaScript');
    await page.close();
  }
});

tabs.run();
