import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';

const shell = suite('e2e: interactive shell');
shell.after(async () => { await closeBrowser(); });

const mark = (tab: Page) => tab.evaluate(() => { (window as unknown as { marker: number }).marker = 42; });
const marked = (tab: Page) => tab.evaluate(() => (window as unknown as { marker?: number }).marker === 42);

shell('should navigate client-side: swap the page, push history, announce, focus main, and restore on back', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/kennisbank`, { waitUntil: 'load' });
  await mark(tab);
  await tab.evaluate(() => document.addEventListener('ontwikkelaarsportaal:navigated', () => { (window as unknown as { navigated: number }).navigated = 1; }));
  await tab.click('.docs-sidebar a[href="/kennisbank/apis/"]');
  await tab.waitForFunction(() => location.pathname === '/kennisbank/apis/' && document.title.startsWith("API's"));
  assert.ok(await marked(tab), 'same document: no full page load');
  assert.is(await tab.evaluate(() => document.activeElement?.tagName), 'MAIN');
  assert.match(await tab.$eval('[aria-live="assertive"]', (el) => el.textContent ?? ''), /API's/);
  assert.is(await tab.evaluate(() => (window as unknown as { navigated?: number }).navigated), 1);
  assert.is(await tab.$eval('html', (el) => el.getAttribute('data-page')), '/kennisbank/apis/');
  await tab.goBack();
  await tab.waitForFunction(() => location.pathname === '/kennisbank' && document.querySelector('h1')?.textContent === 'Kennisbank');
  assert.ok(await marked(tab));
  await tab.close();
});

shell('should fall back to a full page load when loading the next page fails', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/kennisbank`, { waitUntil: 'load' });
  await mark(tab);
  await tab.setRequestInterception(true);
  tab.on('request', (req) => (req.resourceType() === 'fetch' && req.url().endsWith('/kennisbank/data/') ? req.abort('failed') : req.continue()));
  await tab.click('.docs-sidebar a[href="/kennisbank/data/"]');
  // A full page load: the new document has no marker.
  await tab.waitForFunction(() => location.pathname === '/kennisbank/data/' && document.readyState === 'complete' && (window as unknown as { marker?: number }).marker === undefined, { timeout: 10_000 });
  assert.not.ok(await marked(tab), 'a full page load happened');
  await tab.close();
});

shell('should prefetch on hover, but not when data saving is on', async () => {
  const { origin, page } = await testSite();
  const fetched = async (saveData: boolean) => {
    const tab = await page();
    if (saveData) await tab.evaluateOnNewDocument(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
    const urls: string[] = [];
    tab.on('request', (req) => { if (req.resourceType() === 'fetch') urls.push(new URL(req.url()).pathname); });
    await tab.goto(`${origin}/kennisbank/apis/problem-details`, { waitUntil: 'networkidle0' });
    await tab.hover('nav[aria-label="Hoofdmenu"] a[href="/blog"]');
    await new Promise((r) => setTimeout(r, 300));
    await tab.close();
    return urls;
  };
  assert.ok((await fetched(false)).includes('/blog'));
  assert.equal(await fetched(true), []);
});

shell('should show the progress bar only for navigations slower than 200 ms', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/kennisbank`, { waitUntil: 'load' });
  await tab.setRequestInterception(true);
  tab.on('request', (req) => {
    if (req.resourceType() === 'fetch' && req.url().endsWith('/kennisbank/infra/')) setTimeout(() => void req.continue(), 900);
    else void req.continue();
  });
  await tab.evaluate(() => {
    (window as unknown as { bars: number }).bars = 0;
    new MutationObserver(() => { if (document.querySelector('.progress-bar')) (window as unknown as { bars: number }).bars++; }).observe(document.body, { childList: true });
  });
  await tab.evaluate(() => (document.querySelector('.docs-sidebar a[href="/kennisbank/infra/"]') as HTMLAnchorElement).click());
  await tab.waitForSelector('.progress-bar', { timeout: 3000 });
  await tab.waitForFunction(() => location.pathname === '/kennisbank/infra/' && !document.querySelector('.progress-bar'), { timeout: 5000 });
  await tab.close();
});

shell('should hide the navbar when scrolling down and show it when scrolling up', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/kennisbank/apis/problem-details`, { waitUntil: 'load' });
  await tab.evaluate(() => window.scrollTo(0, 1200));
  await tab.waitForFunction(() => document.querySelector('[data-navbar]')?.classList.contains('navbar-hidden'));
  await tab.evaluate(() => window.scrollTo(0, 600));
  await tab.waitForFunction(() => !document.querySelector('[data-navbar]')?.classList.contains('navbar-hidden'));
  await tab.close();
});

shell('should open the mobile menu with two panels, trap focus, close on Escape and on desktop width', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.setViewport({ width: 375, height: 800 });
  await tab.goto(`${origin}/kennisbank/apis/problem-details`, { waitUntil: 'load' });
  assert.ok(await tab.$eval('nav[aria-label="Hoofdmenu"]', (el) => getComputedStyle(el).display === 'none'), 'desktop items hidden on mobile');
  await tab.click('[data-mobile-toggle]');
  assert.is(await tab.$eval('.mobile-sidebar', (el) => (el as HTMLElement).hidden), false);
  assert.is(await tab.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Sluit de navigatiebalk');
  assert.ok(await tab.$eval('.page', (el) => (el as HTMLElement).inert), 'page behind is inert');
  assert.is(await tab.$eval('.mobile-back', (el) => [el.textContent, el.getAttribute('aria-label')].join('|')), '← Hoofdmenu|Ga naar het hoofdmenu');
  // Secondary panel (docs sidebar) first; back shows the primary panel with the navbar items.
  assert.ok(await tab.$eval('.mobile-secondary a[aria-current="page"]', (el) => el.getAttribute('href') === '/kennisbank/apis/problem-details'));
  await tab.click('.mobile-back');
  assert.ok(await tab.$eval('.mobile-primary', (el) => !(el as HTMLElement).hidden && el.getAttribute('aria-label') === 'Hoofdmenu'));
  // Focus stays inside: many Tabs never leave the dialog.
  for (let i = 0; i < 12; i++) await tab.keyboard.press('Tab');
  assert.ok(await tab.evaluate(() => document.querySelector('.mobile-sidebar')?.contains(document.activeElement)));
  await tab.keyboard.press('Escape');
  assert.is(await tab.$eval('.mobile-sidebar', (el) => (el as HTMLElement).hidden), true);
  assert.is(await tab.evaluate(() => document.activeElement?.hasAttribute('data-mobile-toggle')), true);
  await tab.click('[data-mobile-toggle]');
  await tab.setViewport({ width: 1280, height: 800 });
  await tab.waitForFunction(() => (document.querySelector('.mobile-sidebar') as HTMLElement).hidden);
  await tab.close();
});

shell('should move focus to the search field from the skip link on the home page', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/`, { waitUntil: 'load' });
  await tab.keyboard.press('Tab');
  assert.is(await tab.evaluate(() => document.activeElement?.textContent), 'Ga naar hoofdinhoud');
  await tab.keyboard.press('Enter');
  assert.is(await tab.evaluate(() => document.activeElement?.id), 'home-search');
  await tab.close();
});

shell('should remember the docs version and keep working with one warning when storage throws', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/kennisbank/apis/problem-details`, { waitUntil: 'load' });
  assert.is(await tab.evaluate(() => localStorage.getItem('docs-preferred-version-kennisbank')), 'current');
  const broken = await page();
  await broken.evaluateOnNewDocument(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('geweigerd', 'SecurityError'); } });
  });
  const warnings: string[] = [];
  broken.on('console', (m) => { if (m.type() === 'warn') warnings.push(m.text()); });
  await broken.goto(`${origin}/kennisbank/apis/problem-details`, { waitUntil: 'load' });
  await broken.click('.docs-sidebar a[href="/kennisbank/apis/tools/"]');
  await broken.waitForFunction(() => location.pathname === '/kennisbank/apis/tools/');
  assert.is(warnings.filter((w) => w.includes('Browseropslag')).length, 1);
  assert.not.ok(await broken.$('.crash-panel'));
  await tab.close();
  await broken.close();
});

shell('should show the crash panel when an island fails, and retry', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.evaluateOnNewDocument(() => {
    const original = Document.prototype.querySelectorAll;
    (window as unknown as { failCopy: boolean }).failCopy = true;
    Document.prototype.querySelectorAll = function (this: Document, selector: string) {
      if (selector === 'button[data-copy]' && (window as unknown as { failCopy: boolean }).failCopy) throw new Error('kapot');
      return original.call(this, selector);
    } as typeof original;
  });
  await tab.goto(`${origin}/kennisbank/apis/problem-details`, { waitUntil: 'load' });
  assert.is(await tab.$eval('.crash-panel .crash-title', (el) => el.textContent), 'Deze pagina is gecrasht.');
  assert.is(await tab.$eval('.crash-panel button', (el) => el.textContent), 'Probeer opnieuw');
  await tab.evaluate(() => { (window as unknown as { failCopy: boolean }).failCopy = false; });
  await tab.click('.crash-panel button');
  assert.not.ok(await tab.$('.crash-panel'));
  assert.ok(await tab.$eval('button[data-copy]', (el) => !(el as HTMLButtonElement).hidden));
  await tab.close();
});

shell.run();
