/**
 * The pages of the built Docusaurus fixture that hold what real sites hold
 * (docs/praktijk/: a button without its handler, page-defined components,
 * an inline TOC, a .md read as MDX with tabs, details and a table, rich
 * summaries, links as buttons, a site component with its drawing), in the
 * browser under the production CSP: axe finds nothing on each.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { axeViolations, closeBrowser, docusaurusSite } from './browser.ts';

const test = suite('e2e: what real Docusaurus sites hold, on the fixture');

test.after(closeBrowser);

async function open(route: string): Promise<Page> {
  const site = await docusaurusSite();
  const page = await site.page();
  await page.goto(`${site.origin}${route}`, { waitUntil: 'load' });
  return page;
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
