/**
 * The interactive components of the Docusaurus fixture (docs/eilanden/) in
 * Chromium under the production CSP: each island works once hydrated (a
 * counter, a search box that filters as you type, the newest posts fetched
 * from /blog/feed.json, a BrowserOnly block), the page reads well without
 * JavaScript, islands hydrate after a client navigation from a page without
 * any, axe finds nothing, and a component that draws otherwise in the
 * browser than at the build shows up as a console error. An interactive
 * React page (src/pages/teller.tsx) is one island as a whole; a React page
 * that only draws but places interactive components (src/pages/hulpmiddelen.tsx)
 * gets one island per component and no script of its own; an island keeps
 * its element or MDX children as the build wrote them; an island reads the
 * site's title; an interactive entry of the theme's component map is an
 * island too; the static React pages stay without one. The routes the
 * fixture's plugin adds with `addRoute` do the same: /onderwerpen/alles only
 * draws and places an interactive filter (its own island), the component of
 * /onderwerpen/kiezen holds state itself (one island, with the route's props
 * and the plugin's global data in the browser).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { axeViolations, closeBrowser, watchedDocusaurusPage as watched } from './browser.ts';

const test = suite('e2e: interactive components as islands, on the Docusaurus fixture');

test.after(closeBrowser);

const ready = (page: Page, component: string) =>
  page.waitForSelector(`[data-component="${component}"][data-island-ready]`, { timeout: 10_000 });

const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el.textContent ?? '').trim());

async function checkIslands(page: Page): Promise<void> {
  await ready(page, 'Teller');
  await page.click('[data-component="Teller"] button');
  await page.click('[data-component="Teller"] button');
  await page.waitForFunction(() => document.querySelector('[data-component="Teller"] output')?.textContent === '4', { timeout: 5000 });

  await ready(page, 'Zoekvak');
  await page.type('[data-component="Zoekvak"] input', 'sleutel');
  await page.waitForFunction(() => document.querySelectorAll('[data-component="Zoekvak"] li').length === 2, { timeout: 5000 });
  assert.equal(await page.$$eval('[data-component="Zoekvak"] li', (li) => li.map((l) => l.textContent)), ['Een sleutel aanvragen', 'Een sleutel vernieuwen']);
  assert.is(await text(page, '[data-component="Zoekvak"] p'), '2 onderwerpen');

  await ready(page, 'NieuwsteBerichten');
  await page.waitForFunction(() => document.querySelectorAll('[data-component="NieuwsteBerichten"] li a').length === 2, { timeout: 5000 });
  const links = await page.$$eval('[data-component="NieuwsteBerichten"] li a', (a) => a.map((l) => l.getAttribute('href') ?? ''));
  for (const href of links) assert.match(href, /^\/blog\//);

  await ready(page, 'Schermbreedte');
  await page.waitForFunction(() => /pixels breed/.test(document.querySelector('[data-component="Schermbreedte"]')?.textContent ?? ''), { timeout: 5000 });
  assert.is(await text(page, '[data-component="Schermbreedte"]'), 'Je venster is 1280 pixels breed.');
}

test('each island on /docs/eilanden/ works, with no console error or CSP violation', async () => {
  const { page, problems } = await watched('/docs/eilanden/');
  await checkIslands(page);
  // A component that only draws stays without script.
  assert.not.ok(await page.$('[data-component="Kaart"][data-island]'));
  assert.equal(await problems(), []);
  await page.close();
});

test('without JavaScript the page reads well: what the build drew, the whole list, a link to the blog', async () => {
  const { page, problems } = await watched('/docs/eilanden/', { javaScript: false });
  assert.is(await text(page, '[data-component="Teller"] output'), '2');
  assert.is(await page.$$eval('[data-component="Zoekvak"] li', (li) => li.length), 4);
  assert.is(await page.$eval('[data-component="NieuwsteBerichten"] a', (a) => a.getAttribute('href')), '/blog');
  assert.match(await text(page, '[data-component="Schermbreedte"]'), /verschijnt zodra de pagina geladen is/);
  assert.equal(await problems(), []);
  await page.close();
});

test('axe finds nothing on the islands, before and after they are used', async () => {
  const { page } = await watched('/docs/eilanden/');
  assert.equal(await axeViolations(page), []);
  await checkIslands(page);
  assert.equal(await axeViolations(page), []);
  await page.close();
});

test('after a client navigation from a page without islands the new page\'s islands hydrate, and the next page\'s island starts afresh; no console error or CSP violation', async () => {
  const { page, problems } = await watched('/docs/intro');
  assert.not.ok(await page.$('[data-island]'));
  const navigated = () => {
    const arrival = page.evaluate(() => new Promise<void>((resolve) => document.addEventListener('ontwikkelaarsportaal:navigated', () => resolve(), { once: true })));
    // Should an assertion fail first, the pending wait must not end the process when the browser closes.
    arrival.catch(() => {});
    return arrival;
  };
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/docs/eilanden/';
    a.id = 'naar-eilanden';
    a.textContent = 'Naar de eilanden';
    document.querySelector('main')?.prepend(a);
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });
  let arrived = navigated();
  // A click as the router hears it (the link sits under the sticky navbar, where a mouse cannot reach it).
  await page.$eval('#naar-eilanden', (a) => (a as HTMLAnchorElement).click());
  await arrived;
  assert.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), 'the router swapped the page, no full load');
  await checkIslands(page);
  // On to a page with one counter: it starts at its own count.
  arrived = navigated();
  await page.$eval('main a[href="/docs/eilanden/een-teller"]', (a) => (a as HTMLAnchorElement).click());
  await arrived;
  await ready(page, 'Teller');
  assert.is(await text(page, '[data-component="Teller"] output'), '0');
  await page.$eval('[data-component="Teller"] button', (b) => (b as HTMLButtonElement).click());
  await page.waitForFunction(() => document.querySelector('[data-component="Teller"] output')?.textContent === '1', { timeout: 5000 });
  assert.is(await page.$$eval('[data-island]', (els) => els.length), 1);
  assert.equal(await problems(), []);
  await page.close();
});

const pageIsland = '[data-component="pagina teller.tsx"]';

test('an interactive React page (src/pages/teller.tsx) is one island: its button counts once hydrated, under the CSP, axe clean before and after', async () => {
  const { page, problems } = await watched('/teller');
  await page.waitForSelector(`${pageIsland}[data-island-ready]`, { timeout: 10_000 });
  assert.equal(await page.$eval(pageIsland, (el) => el.getAttribute('data-island-props')), '{}');
  assert.match(await page.$eval(pageIsland, (el) => el.getAttribute('data-island') ?? ''), /^\/assets\/island-page-teller-[\w-]+\.js$/);
  assert.equal(await axeViolations(page), []);
  await page.click(`${pageIsland} button`);
  await page.click(`${pageIsland} button`);
  await page.click(`${pageIsland} button`);
  await page.waitForFunction((sel) => document.querySelector(`${sel} output`)?.textContent === '3', { timeout: 5000 }, pageIsland);
  assert.is(await text(page, `${pageIsland} h1`), 'Tel mee');
  assert.equal(await axeViolations(page), []);
  assert.equal(await problems(), []);
  await page.close();
});

test('without JavaScript the interactive page reads well; React pages without interactive parts stay without island', async () => {
  const { page, problems } = await watched('/teller', { javaScript: false });
  assert.is(await text(page, `${pageIsland} output`), '0');
  assert.is(await text(page, 'h1'), 'Tel mee');
  assert.equal(await problems(), []);
  await page.close();
  for (const route of ['/', '/team']) {
    const still = await watched(route);
    assert.not.ok(await still.page.$('[data-island]'), route);
    await still.page.close();
  }
});

test('a component that draws otherwise in the browser than at the build is a console error naming it', async () => {
  const { page, problems } = await watched('/docs/eilanden/verschil');
  await ready(page, 'Verschil');
  await page.waitForFunction(() => document.querySelector('.verschil')?.textContent === 'Getekend in de browser.', { timeout: 5000 });
  const seen = await problems();
  assert.ok(seen.some((p) => p.includes('Eiland Verschil') && p.includes('hydratatieverschil')), seen.join('\n'));
  await page.close();
});

/** The islands of /hulpmiddelen: the filter narrows the list, the folding part hides and shows the page's own text. */
async function checkToolsPage(page: Page): Promise<void> {
  await ready(page, 'Filterlijst');
  assert.is(await page.$$eval('[data-component="Filterlijst"] li', (li) => li.length), 4);
  await page.$$eval('[data-component="Filterlijst"] button', (buttons) => (buttons.find((b) => b.textContent === 'Maken') as HTMLButtonElement).click());
  await page.waitForFunction(() => document.querySelectorAll('[data-component="Filterlijst"] li').length === 2, { timeout: 5000 });
  assert.equal(await page.$$eval('[data-component="Filterlijst"] li', (li) => li.map((l) => l.textContent)), ['Een generator voor clients', 'Een sjabloon voor een README']);
  assert.is(await page.$eval('[data-component="Filterlijst"] button[aria-pressed="true"]', (b) => b.textContent), 'Maken');
  await ready(page, 'Uitklapper');
  const inhoud = '[data-component="Uitklapper"] .uitklapper-inhoud';
  await page.click('[data-component="Uitklapper"] button');
  await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement | null)?.hidden === true, { timeout: 5000 }, inhoud);
  await page.click('[data-component="Uitklapper"] button');
  await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement | null)?.hidden === false, { timeout: 5000 }, inhoud);
  // The page's own text in the island's children, as the build wrote it: the link and the emphasis survive hydration.
  assert.is(await page.$eval(`${inhoud} a`, (a) => a.getAttribute('href')), '/docs/intro');
  assert.is(await text(page, `${inhoud} strong`), 'echt gebruiken');
}

test('a static React page with interactive components: each is its own island and works; the page itself ships no script of its own; no console error or CSP violation; axe clean', async () => {
  const { page, problems, scripts } = await watched('/hulpmiddelen');
  assert.not.ok(await page.$('.react-page-island'), 'the page is no island as a whole');
  assert.is(await page.$$eval('[data-island]', (els) => els.length), 2);
  assert.equal(await axeViolations(page), []);
  await checkToolsPage(page);
  assert.equal(await axeViolations(page), []);
  const islandScripts = scripts().filter((s) => /\/assets\/island/.test(s)).map((s) => s.replace(/-[0-9a-f]{10}\.js$/, ''));
  assert.equal([...new Set(islandScripts)].sort(), ['/assets/island-Filterlijst', '/assets/island-Uitklapper', '/assets/islands', '/assets/islands-runtime'].sort());
  assert.equal(await problems(), []);
  await page.close();
});

test('without JavaScript the static page with islands reads well: the whole list and the folded text are there', async () => {
  const { page, problems } = await watched('/hulpmiddelen', { javaScript: false });
  assert.is(await page.$$eval('[data-component="Filterlijst"] li', (li) => li.length), 4);
  assert.is(await text(page, '[data-component="Uitklapper"] .uitklapper-inhoud strong'), 'echt gebruiken');
  assert.is(await text(page, 'h1'), 'Hulpmiddelen');
  assert.equal(await problems(), []);
  await page.close();
});

test('after a client navigation to the static page, its islands hydrate; no console error or CSP violation', async () => {
  const { page, problems } = await watched('/docs/intro');
  const arrival = page.evaluate(() => new Promise<void>((resolve) => document.addEventListener('ontwikkelaarsportaal:navigated', () => resolve(), { once: true })));
  arrival.catch(() => {});
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/hulpmiddelen';
    a.id = 'naar-hulpmiddelen';
    a.textContent = 'Naar de hulpmiddelen';
    document.querySelector('main')?.prepend(a);
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });
  await page.$eval('#naar-hulpmiddelen', (a) => (a as HTMLAnchorElement).click());
  await arrival;
  assert.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), 'the router swapped the page, no full load');
  await checkToolsPage(page);
  assert.equal(await problems(), []);
  await page.close();
});

test('an island with MDX children folds them, keeping them as written; an island reads the site\'s title in the browser; an interactive entry of the theme\'s component map counts; axe clean, no console error', async () => {
  const { page, problems } = await watched('/docs/eilanden/met-kinderen');
  await ready(page, 'Uitklapper');
  const inhoud = '[data-component="Uitklapper"] .uitklapper-inhoud';
  assert.is(await page.$eval(`${inhoud} a`, (a) => a.getAttribute('href')), '/docs/eilanden/');
  await page.click('[data-component="Uitklapper"] button');
  await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement | null)?.hidden === true, { timeout: 5000 }, inhoud);
  assert.is(await text(page, `${inhoud} strong`), 'eiland');
  await ready(page, 'Sitenaam');
  await page.click('[data-component="Sitenaam"] button');
  await page.waitForFunction(() => document.querySelector('[data-component="Sitenaam"] span')?.textContent === 'Voorbeeldportaal (1×)', { timeout: 5000 });
  // TelMee is the component map's name for Teller: the page does not import it, and it hydrates with Teller's chunk.
  await ready(page, 'TelMee');
  assert.match(await page.$eval('[data-component="TelMee"]', (el) => el.getAttribute('data-island') ?? ''), /^\/assets\/island-Teller-[0-9a-f]{10}\.js$/);
  await page.click('[data-component="TelMee"] button');
  await page.waitForFunction(() => document.querySelector('[data-component="TelMee"] output')?.textContent === '6', { timeout: 5000 });
  assert.equal(await axeViolations(page), []);
  assert.equal(await problems(), []);
  await page.close();
});

/** The filter island of /onderwerpen/alles narrows the plugin's list to one subject. */
async function checkSubjectFilter(page: Page): Promise<void> {
  await ready(page, 'OnderwerpFilter');
  assert.is(await page.$$eval('[data-component="OnderwerpFilter"] li', (li) => li.length), 4);
  await page.$$eval('[data-component="OnderwerpFilter"] button', (buttons) => (buttons.find((b) => b.textContent === 'toegang') as HTMLButtonElement).click());
  await page.waitForFunction(() => document.querySelectorAll('[data-component="OnderwerpFilter"] li').length === 2, { timeout: 5000 });
  assert.equal(await page.$$eval('[data-component="OnderwerpFilter"] li a', (a) => a.map((l) => l.textContent)), ['Sleutel aanvragen', 'Sleutel vernieuwen']);
  assert.is(await text(page, '[data-component="OnderwerpFilter"] p'), '2 van de 4 docs');
  assert.is(await page.$eval('[data-component="OnderwerpFilter"] button[aria-pressed="true"]', (b) => b.textContent), 'toegang');
}

const chooser = '[data-component="route /onderwerpen/kiezen"]';

/** The route that is one island: its select (options from the plugin's global data) narrows the route's list. */
async function checkSubjectChooser(page: Page): Promise<void> {
  await page.waitForSelector(`${chooser}[data-island-ready]`, { timeout: 10_000 });
  assert.equal(await page.$$eval(`${chooser} option`, (o) => o.map((x) => x.textContent)), ['Alle onderwerpen', 'schrijven', 'toegang', 'werkplek']);
  await page.select(`${chooser} select`, 'werkplek');
  await page.waitForFunction((sel) => document.querySelector(`${sel} output`)?.textContent === '1', { timeout: 5000 }, chooser);
  assert.equal(await page.$$eval(`${chooser} .gekozen-docs a`, (a) => a.map((l) => l.getAttribute('href'))), ['/docs/aan-de-slag/installeren']);
  await page.select(`${chooser} select`, '');
  await page.waitForFunction((sel) => document.querySelector(`${sel} output`)?.textContent === '4', { timeout: 5000 }, chooser);
}

/** The island chunks a page asked for, without their hashes. */
const islandChunks = (scripts: string[]): string[] => [...new Set(scripts.filter((s) => /\/assets\/island/.test(s)).map((s) => s.replace(/-[0-9a-f]{10}\.js$/, '')))].sort();

test('a route a plugin added that only draws: its filter is an island and works; the route itself ships no script; only the filter\'s chunks load; no console error or CSP violation; axe clean', async () => {
  const { page, problems, scripts } = await watched('/onderwerpen/alles');
  assert.not.ok(await page.$('.react-page-island'), 'the route is no island as a whole');
  assert.is(await page.$$eval('[data-island]', (els) => els.length), 1);
  assert.equal(await axeViolations(page), []);
  await checkSubjectFilter(page);
  assert.equal(await axeViolations(page), []);
  assert.equal(islandChunks(scripts()), ['/assets/island-OnderwerpFilter', '/assets/islands', '/assets/islands-runtime']);
  assert.equal(await problems(), []);
  await page.close();
});

test('a route whose component holds state is one island: it works with the route\'s props and the plugin\'s data; only its chunks load; no console error or CSP violation; axe clean', async () => {
  const { page, problems, scripts } = await watched('/onderwerpen/kiezen');
  assert.match(await page.$eval(chooser, (el) => el.getAttribute('data-island') ?? ''), /^\/assets\/island-route-src_components_OnderwerpKiezer_index-[0-9a-f]{10}\.js$/);
  assert.equal(await axeViolations(page), []);
  await checkSubjectChooser(page);
  assert.is(await text(page, `${chooser} h1`), 'Kies een onderwerp');
  assert.equal(await axeViolations(page), []);
  assert.equal(islandChunks(scripts()), ['/assets/island-route-src_components_OnderwerpKiezer_index', '/assets/islands', '/assets/islands-runtime']);
  assert.equal(await problems(), []);
  await page.close();
});

test('without JavaScript both routes read well: every doc of the plugin is listed', async () => {
  for (const [route, list] of [['/onderwerpen/alles', '[data-component="OnderwerpFilter"] li'], ['/onderwerpen/kiezen', `${chooser} .gekozen-docs li`]] as const) {
    const { page, problems } = await watched(route, { javaScript: false });
    assert.is(await page.$$eval(list, (li) => li.length), 4, route);
    assert.match(await text(page, 'h1'), /^(Alle docs met een onderwerp|Kies een onderwerp)$/);
    assert.equal(await problems(), []);
    await page.close();
  }
});

test('after client navigations to a plugin\'s routes, their islands hydrate and the old page\'s go; no console error or CSP violation', async () => {
  const { page, problems } = await watched('/docs/intro');
  const go = async (href: string) => {
    const arrival = page.evaluate(() => new Promise<void>((resolve) => document.addEventListener('ontwikkelaarsportaal:navigated', () => resolve(), { once: true })));
    arrival.catch(() => {});
    await page.evaluate((to) => {
      const a = document.createElement('a');
      a.href = to;
      a.className = 'naar-route';
      a.textContent = `Naar ${to}`;
      document.querySelector('main')?.prepend(a);
      (window as { __sameDocument?: boolean }).__sameDocument = true;
    }, href);
    await page.$eval('a.naar-route', (a) => (a as HTMLAnchorElement).click());
    await arrival;
    assert.ok(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument), 'the router swapped the page, no full load');
  };
  await go('/onderwerpen/alles');
  await checkSubjectFilter(page);
  await go('/onderwerpen/kiezen');
  await checkSubjectChooser(page);
  assert.is(await page.$$eval('[data-island]', (els) => els.length), 1);
  assert.not.ok(await page.$('[data-component="OnderwerpFilter"]'));
  assert.equal(await problems(), []);
  await page.close();
});

test.run();
