/**
 * The MDX components on the built Docusaurus fixture, in the browser, served
 * with the production CSP: tabs on /docs/componenten/tabs without and with
 * JavaScript, a groupId's choice carried to the next page by the client
 * router and by a full load, the queryString set, and axe on the page with
 * every component (tabs, DocCard, admonitions, details, a code block, the
 * site's own components) and on the category page with its card list.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { axeViolations, closeBrowser, docusaurusSite } from './browser.ts';

const test = suite('e2e: MDX components on the Docusaurus fixture');

test.after(closeBrowser);

async function open(url: string, options: { js?: boolean } = {}): Promise<Page> {
  const site = await docusaurusSite();
  const { origin } = site;
  const page = await site.page();
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
      assert.equal(await axeViolations(page), [], js ? 'with JavaScript' : 'without JavaScript');
      await page.close();
    }
  });
}

test.run();
