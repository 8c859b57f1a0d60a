import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { testSite, closeBrowser } from './browser.ts';

const site = suite('e2e: the built site');

site.after(async () => { await closeBrowser(); });

site('should open the home page and follow the navbar to a kennisbank article', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  const response = await tab.goto(`${origin}/`, { waitUntil: 'load' });
  assert.is(response?.status(), 200);
  assert.is(await tab.$eval('html', (el) => el.getAttribute('lang')), 'nl');
  assert.is(await tab.$eval('html', (el) => el.getAttribute('data-page')), 'home');
  const skip = await tab.$eval('a', (el) => el.textContent);
  assert.is(skip, 'Ga naar hoofdinhoud');
  // Client-side navigation swaps the page in place: wait for the new heading, not for a page load.
  const follow = async (selector: string, path: string, h1: string) => {
    await tab.click(selector);
    await tab.waitForFunction((p, h) => location.pathname === p && document.querySelector('h1')?.textContent === h, { timeout: 10_000 }, path, h1);
  };
  await follow('nav[aria-label="Hoofdmenu"] a[href="/kennisbank"]', '/kennisbank', 'Kennisbank');
  await follow('.docs-sidebar a[href="/kennisbank/apis/"]', '/kennisbank/apis/', "API's bij de overheid");
  await follow('.docs-sidebar a[href="/kennisbank/apis/problem-details"]', '/kennisbank/apis/problem-details', "Problem Details voor HTTP API's");
  assert.is(await tab.title(), "Problem Details voor HTTP API's | Ontwikkelaarsportaal");
  assert.is(await tab.$$eval('h1', (els) => els.length), 1);
  assert.is(await tab.$eval('.docs-sidebar a[aria-current="page"]', (el) => el.getAttribute('href')), '/kennisbank/apis/problem-details');
  assert.ok(await tab.$('nav[aria-label="Broodkruimels"]'));
  assert.ok(await tab.$('nav.toc'));
  assert.ok(await tab.$('.code-block pre.shiki'), 'highlighted code block');
  await tab.close();
});

site('should answer an unknown path with 404 and the Dutch not-found page', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  const response = await tab.goto(`${origin}/bestaat/niet`, { waitUntil: 'load' });
  assert.is(response?.status(), 404);
  assert.is(await tab.$eval('h1', (el) => el.textContent), 'Pagina niet gevonden');
  const text = await tab.$eval('main', (el) => el.textContent ?? '');
  assert.match(text, /We kunnen niet vinden waar je naar op zoek bent\./);
  assert.match(text, /Neem contact op met de eigenaar van de website die naar de originele URL heeft geleid en laat weten dat de link niet meer werkt\./);
  await tab.close();
});

site('should redirect .html and /index.html to the normalised path', async () => {
  const { origin } = await testSite();
  const a = await fetch(`${origin}/kennisbank/index.html`, { redirect: 'manual' });
  assert.is(a.status, 301);
  assert.is(a.headers.get('location'), '/kennisbank');
  const b = await fetch(`${origin}/contact.html`, { redirect: 'manual' });
  assert.is(b.headers.get('location'), '/contact');
  const c = await fetch(`${origin}/%2e%2e/%2e%2e/etc/passwd`);
  assert.is(c.status, 404);
});

site.run();
