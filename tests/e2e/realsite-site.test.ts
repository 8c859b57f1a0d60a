/**
 * The pages of the built Docusaurus fixture that hold what real sites hold
 * (docs/praktijk/: a button without its handler, page-defined components,
 * an inline TOC, a .md read as MDX with tabs, details and a table, rich
 * summaries, links as buttons, a site component with its drawing, the
 * components of the theme's component map with a CSS module), and its
 * React pages (the home page and /team/), in the browser under the
 * production CSP, with the site's own CSS: axe finds nothing on each, the
 * site's stylesheets apply, and the policy is never broken.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { axeViolations, closeBrowser, docusaurusSite, watchedDocusaurusPage as watched } from './browser.ts';

const test = suite('e2e: what real Docusaurus sites hold, on the fixture');

test.after(closeBrowser);

async function open(route: string): Promise<Page> {
  const site = await docusaurusSite();
  const page = await site.page();
  await page.goto(`${site.origin}${route}`, { waitUntil: 'load' });
  return page;
}

const pages = ['zonder-import', 'knop', 'eigen-component', 'kop-ids', 'tabbladen-in-md', 'codeblok-import', 'kenmerken', 'link-op-een-regel', 'inhoud-op-de-pagina', 'rijke-titels', 'alleen-in-de-browser'];

for (const name of pages) {
  test(`axe finds nothing on /docs/praktijk/${name}`, async () => {
    const page = await open(`/docs/praktijk/${name}`);
    assert.equal(await axeViolations(page), []);
    await page.close();
  });
}

for (const route of ['/', '/team/']) {
  test(`the React page ${route}: axe finds nothing, and nothing breaks the CSP`, async () => {
    const { page, problems } = await watched(route);
    assert.ok(await page.$('.react-page h1'), 'the page draws its own heading');
    assert.equal(await axeViolations(page), []);
    assert.equal(await problems(), []);
    await page.close();
  });
}

test('the image a React page imports loads from its hashed URL, and its inline drawing is drawn', async () => {
  const { page, problems } = await watched('/team/');
  const image = await page.$eval('.react-page img', (img) => ({ src: img.getAttribute('src'), loaded: img.complete && img.naturalWidth > 0 }));
  assert.match(image.src ?? '', /^\/assets\/voorvertoning-[0-9a-f]{10}\.png$/);
  assert.ok(image.loaded, 'the image loaded');
  const drawn = await page.$eval('.react-page svg.kenmerk-tekening', (svg) => svg.getBoundingClientRect().width);
  assert.ok(drawn > 0, 'the drawing has a size');
  assert.equal(await problems(), []);
  await page.close();
});

test('the button is a button a keyboard reaches, and pressing it changes nothing', async () => {
  const page = await open('/docs/praktijk/knop');
  const before = await page.content();
  await page.focus('.markdown button');
  await page.keyboard.press('Enter');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Probeer het');
  assert.is(await page.content(), before);
  await page.close();
});

test('the component map\'s components carry their CSS module\'s scoped style; customCss loads after ours and sets the primary colour; no CSP violation', async () => {
  const site = await docusaurusSite();
  const page = await site.page();
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.effectiveDirective} ${e.blockedURI || '(inline)'}`));
  });
  await page.goto(`${site.origin}/docs/praktijk/zonder-import`, { waitUntil: 'load' });
  const seen = await page.evaluate(() => {
    const mark = document.querySelector('.markdown mark')!;
    const sheets = [...document.styleSheets].map((s) => new URL(s.href ?? '', location.href).pathname);
    return {
      className: mark.className,
      background: getComputedStyle(mark).backgroundColor,
      sheets,
      navbar: getComputedStyle(document.querySelector('.navbar-bar')!).backgroundColor,
      stap: getComputedStyle(document.querySelector('.stap')!).borderLeftColor,
      violations: (window as unknown as { violations: string[] }).violations,
    };
  });
  assert.match(seen.className, /^markering_markering_[0-9a-f]{6}$/);
  assert.is(seen.background, 'rgb(255, 243, 196)');
  assert.match(seen.sheets[0]!, /^\/assets\/styles-/);
  assert.match(seen.sheets[1]!, /^\/assets\/componenten-/);
  assert.match(seen.sheets[2]!, /^\/assets\/custom-/);
  // --ifm-color-primary (#0b3d6e) on the theme's primary bar, and in the site's own rule.
  assert.is(seen.navbar, 'rgb(11, 61, 110)');
  assert.is(seen.stap, 'rgb(11, 61, 110)');
  assert.equal(seen.violations, []);
  // A page without the component links no component stylesheet.
  await page.goto(`${site.origin}/docs/intro`, { waitUntil: 'load' });
  assert.not.ok(await page.evaluate(() => [...document.styleSheets].some((s) => (s.href ?? '').includes('/assets/componenten-'))));
  await page.close();
});

test.run();
