import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';
import { settled } from './settled.ts';
import { inViewLimit } from '../../theme/client/router.ts';
import { progressSettings } from '../../theme/client/progress.ts';

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
    await settled(tab);
    await tab.close();
    return urls;
  };
  assert.ok((await fetched(false)).includes('/blog'));
  assert.equal(await fetched(true), []);
});

/**
 * From now on, counts the progress bars added to `tab`'s page and notes when
 * the first one appeared (ms after a click, which starts a navigation).
 */
const watchBars = (tab: Page) => tab.evaluate(() => {
  const w = window as unknown as { bars: { added: number; firstAfter: number | null; clicked: number } };
  w.bars = { added: 0, firstAfter: null, clicked: 0 };
  document.addEventListener('click', () => { w.bars.clicked = performance.now(); }, { capture: true });
  new MutationObserver((records) => {
    for (const added of records.flatMap((r) => [...r.addedNodes])) {
      if (!(added instanceof HTMLElement && added.classList.contains('progress-bar'))) continue;
      w.bars.added++;
      w.bars.firstAfter ??= performance.now() - w.bars.clicked;
    }
  }).observe(document.body, { childList: true });
});
const bars = (tab: Page) => tab.evaluate(() => {
  const { added, firstAfter } = (window as unknown as { bars: { added: number; firstAfter: number | null } }).bars;
  return { added, firstAfter };
});
/** Clicks `link` and resolves once the router has swapped in the next page (it ends the progress bar in that same task). */
const navigateBy = (tab: Page, link: string) => tab.evaluate((selector) => new Promise<void>((resolve) => {
  document.addEventListener('ontwikkelaarsportaal:navigated', () => resolve(), { once: true });
  document.querySelector<HTMLAnchorElement>(selector)!.click();
}), link);

shell('should show the progress bar only for navigations slower than 200 ms', async () => {
  const { origin, page } = await testSite();
  // Slow: every request for the next page (a prefetch too) is held until the bar shows, then let through.
  const slowTab = await page();
  await slowTab.setRequestInterception(true);
  const held: Array<() => void> = [];
  slowTab.on('request', (req) => {
    if (req.resourceType() === 'fetch' && req.url().endsWith('/kennisbank/infra/')) held.push(() => void req.continue());
    else void req.continue();
  });
  await slowTab.goto(`${origin}/kennisbank`, { waitUntil: 'load' });
  await watchBars(slowTab);
  const slowNavigation = navigateBy(slowTab, '.docs-sidebar a[href="/kennisbank/infra/"]');
  await slowTab.waitForSelector('.progress-bar', { timeout: 5000 });
  assert.ok(held.length > 0, 'the page is still loading while the bar shows');
  for (const release of held.splice(0)) release();
  await slowNavigation;
  await slowTab.waitForFunction(() => location.pathname === '/kennisbank/infra/' && !document.querySelector('.progress-bar'), { timeout: 5000 });
  const slow = await bars(slowTab);
  assert.is(slow.added, 1, 'one bar for a slow navigation');
  assert.ok(slow.firstAfter !== null && slow.firstAfter >= progressSettings.delay - 1, `the bar appears only after ${progressSettings.delay} ms (${slow.firstAfter} ms)`);
  await slowTab.close();

  // Fast: the next page is prefetched already (in view), so the swap comes before the bar's delay.
  const fastTab = await page();
  await fastTab.goto(`${origin}/kennisbank`, { waitUntil: 'networkidle0' });
  await watchBars(fastTab);
  await navigateBy(fastTab, '.docs-sidebar a[href="/kennisbank/apis/"]');
  // The navigation has ended, and with it the bar's delay timer: no bar can still appear for it.
  assert.equal(await bars(fastTab), { added: 0, firstAfter: null }, 'no bar for a fast navigation');
  assert.not.ok(await fastTab.$('.progress-bar'));
  await fastTab.close();
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
  assert.ok(await tab.$eval('body > footer', (el) => (el as HTMLElement).inert), 'footer behind is inert');
  assert.is(await tab.evaluate(() => getComputedStyle(document.documentElement).overflow), 'hidden', 'the page behind does not scroll');
  assert.is(await tab.$eval('.mobile-sidebar', (el) => [el.getAttribute('role'), el.getAttribute('aria-modal')].join('|')), 'dialog|true');
  assert.is(await tab.$eval('.mobile-back', (el) => [el.textContent, el.getAttribute('aria-label')].join('|')), '← Hoofdmenu|Ga naar het hoofdmenu');
  // Secondary panel (docs sidebar) first; back shows the primary panel with the navbar items.
  assert.ok(await tab.$eval('.mobile-secondary a[aria-current="page"]', (el) => el.getAttribute('href') === '/kennisbank/apis/problem-details'));
  await tab.click('.mobile-back');
  assert.ok(await tab.$eval('.mobile-primary', (el) => !(el as HTMLElement).hidden && el.getAttribute('aria-label') === 'Hoofdmenu'));
  // Focus stays inside: many Tabs never leave the dialog.
  for (let i = 0; i < 12; i++) await tab.keyboard.press('Tab');
  assert.ok(await tab.evaluate(() => document.querySelector('.mobile-sidebar')?.contains(document.activeElement)));
  // Shift+Tab from the first element wraps to the last.
  await tab.$eval('.mobile-close', (b) => (b as HTMLElement).focus());
  await tab.keyboard.down('Shift');
  await tab.keyboard.press('Tab');
  await tab.keyboard.up('Shift');
  assert.ok(await tab.evaluate(() => document.querySelector('.mobile-sidebar')?.contains(document.activeElement) && !document.activeElement?.classList.contains('mobile-close')));
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
  // A corrupted stored value is replaced.
  await tab.evaluateOnNewDocument(() => { if (!sessionStorage.getItem('seen')) { sessionStorage.setItem('seen', '1'); localStorage.setItem('docs-preferred-version-kennisbank', '"}{'); } });
  await tab.goto(`${origin}/kennisbank/apis/problem-details`, { waitUntil: 'load' });
  assert.is(await tab.evaluate(() => localStorage.getItem('docs-preferred-version-kennisbank')), 'current');
  await tab.click('[data-navbar] a[href="/communities/"]');
  await tab.waitForFunction(() => location.pathname === '/communities/');
  assert.is(await tab.evaluate(() => localStorage.getItem('docs-preferred-version-communities')), 'current', 'per docs plugin id');
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

const ARTICLE = '/kennisbank/apis/problem-details';
const scrollY = (tab: Page) => tab.evaluate(() => Math.round(window.scrollY));
/**
 * Scroll to the bottom and wait until the page has handled that scroll event (the
 * navbar hides then). Waiting for `navbar-hidden` alone is not enough: it can still
 * be set by an earlier scroll, and this one's event would then arrive later, after
 * the next step, and hide the navbar again.
 */
const scrollToBottom = (tab: Page) => tab.evaluate(() => new Promise<void>((resolve) => {
  const before = window.scrollY;
  // Added after the page's own listeners, so those have run when this one does.
  window.addEventListener('scroll', () => resolve(), { once: true });
  window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' });
  if (window.scrollY === before) resolve();
}));
/** Two animation frames: any scroll event from what happened before has been dispatched. */
const nextFrames = (tab: Page) => tab.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
/** Click a link the page does not have (hash, query or `.html` variants), as a reader would. */
const clickLink = (tab: Page, href: string) => tab.evaluate((h) => {
  const a = document.createElement('a');
  a.href = h;
  a.textContent = 'testlink';
  document.querySelector('main')?.append(a);
  a.click();
}, href);

shell('should mark the current page with aria-current and keep Kennisbank and Communities plain links', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  const current = () => tab.$$eval('[data-navbar] a[aria-current="page"]', (as) => as.map((a) => a.getAttribute('href')));
  await tab.goto(`${origin}/blog`, { waitUntil: 'load' });
  assert.equal(await current(), ['/blog']);
  assert.not.ok(await tab.$('[data-navbar] [data-dropdown]'), 'no dropdowns in our navbar');
  assert.equal(await tab.$$eval('[data-navbar] nav > ul > li > a', (as) => as.map((a) => a.textContent?.replace(' (opent in een nieuw tabblad)', ''))), ['Kennisbank', "API's", 'Communities', 'Blog']);
  // After a client-side navigation the new page is current; below a link it is only "active".
  await tab.click('[data-navbar] a[href="/kennisbank"]');
  await tab.waitForFunction(() => location.pathname === '/kennisbank' && document.documentElement.dataset.page === '/kennisbank');
  assert.equal(await current(), ['/kennisbank']);
  await tab.goto(`${origin}${ARTICLE}`, { waitUntil: 'load' });
  assert.equal(await current(), []);
  assert.ok(await tab.$eval('[data-navbar] a[href="/kennisbank"]', (a) => a.classList.contains('active')));
  await tab.close();
});

shell('should swap the head metadata with the page', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/kennisbank`, { waitUntil: 'load' });
  const head = () => tab.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    og: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
    descriptions: document.querySelectorAll('meta[name="description"]').length,
  }));
  await tab.click('.docs-sidebar a[href="/kennisbank/apis/"]');
  await tab.waitForFunction(() => location.pathname === '/kennisbank/apis/');
  const swapped = await head();
  const fresh = await page();
  await fresh.goto(`${origin}/kennisbank/apis/`, { waitUntil: 'load' });
  const loaded = await fresh.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    og: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
    descriptions: document.querySelectorAll('meta[name="description"]').length,
  }));
  assert.equal(swapped, loaded, 'the same head as a full load of that page');
  assert.is(loaded.canonical, 'https://developer.overheid.nl/kennisbank/apis/');
  await tab.close();
  await fresh.close();
});

shell('should restore the scroll position on back and forward', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}${ARTICLE}`, { waitUntil: 'load' });
  await mark(tab);
  await tab.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
  await tab.evaluate(() => (document.querySelector('.docs-sidebar a[href="/kennisbank/apis/api-design-rules/"]') as HTMLAnchorElement).click());
  await tab.waitForFunction(() => location.pathname === '/kennisbank/apis/api-design-rules/');
  assert.is(await scrollY(tab), 0, 'a new page starts at the top');
  await tab.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  await tab.goBack();
  await tab.waitForFunction((p) => location.pathname === p && document.documentElement.dataset.page === p, {}, ARTICLE);
  await tab.waitForFunction(() => Math.round(window.scrollY) === 900, { timeout: 3000 });
  await tab.goForward();
  await tab.waitForFunction(() => location.pathname === '/kennisbank/apis/api-design-rules/' && document.documentElement.dataset.page === location.pathname);
  await tab.waitForFunction(() => Math.round(window.scrollY) === 400, { timeout: 3000 });
  assert.ok(await marked(tab), 'no full page load');
  await tab.close();
});

shell('should scroll to and focus the hash target after navigating, and show the navbar when the target is missing', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/kennisbank`, { waitUntil: 'load' });
  await mark(tab);
  await clickLink(tab, `${ARTICLE}#de-velden`);
  await tab.waitForFunction((p) => location.pathname === p && location.hash === '#de-velden', {}, ARTICLE);
  assert.is(await tab.evaluate(() => document.activeElement?.id), 'de-velden', 'focus on the target');
  // Near the top of the viewport, and below the navbar when that is shown (scroll-padding-top).
  const place = await tab.evaluate(() => ({ top: document.getElementById('de-velden')!.getBoundingClientRect().top, navbar: Math.max(0, document.querySelector('.navbar')!.getBoundingClientRect().bottom) }));
  assert.ok(place.top >= place.navbar - 1 && place.top < 200, `scrolled to the target: top ${place.top}, navbar bottom ${place.navbar}`);
  // Same page, missing target: no jump to the top, and the navbar comes back.
  await scrollToBottom(tab);
  await tab.waitForFunction(() => document.querySelector('[data-navbar]')?.classList.contains('navbar-hidden'));
  const y = await scrollY(tab);
  await clickLink(tab, '#bestaat-niet');
  await tab.waitForFunction(() => location.hash === '#bestaat-niet');
  // Shown at once by the click; still shown once the frames after it have run.
  await nextFrames(tab);
  assert.not.ok(await tab.$eval('[data-navbar]', (n) => n.classList.contains('navbar-hidden')), 'navbar shown');
  assert.is(await scrollY(tab), y);
  // Another page with a missing target: the top, with the navbar shown.
  await scrollToBottom(tab);
  await tab.waitForFunction(() => document.querySelector('[data-navbar]')?.classList.contains('navbar-hidden'));
  await clickLink(tab, '/kennisbank/apis/#bestaat-niet');
  await tab.waitForFunction(() => location.pathname === '/kennisbank/apis/');
  await nextFrames(tab);
  assert.is(await scrollY(tab), 0);
  assert.not.ok(await tab.$eval('[data-navbar]', (n) => n.classList.contains('navbar-hidden')));
  assert.ok(await marked(tab));
  await tab.close();
});

shell('should keep the scroll position when only the query changes', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}${ARTICLE}`, { waitUntil: 'load' });
  await mark(tab);
  await tab.evaluate(() => window.scrollTo({ top: 700, behavior: 'instant' }));
  await clickLink(tab, '?weergave=kort');
  await tab.waitForFunction(() => location.search === '?weergave=kort' && !document.querySelector('main a:last-child[href*="weergave"]'));
  assert.is(await scrollY(tab), 700);
  assert.ok(await marked(tab), 'client-side');
  await tab.close();
});

shell('should normalise .html and /index.html in links', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/kennisbank`, { waitUntil: 'load' });
  await mark(tab);
  const cases: ReadonlyArray<readonly [string, string]> = [[`${ARTICLE}.html`, ARTICLE], ['/blog/index.html', '/blog'], ['/index.html', '/']];
  for (const [href, path] of cases) {
    await clickLink(tab, href);
    await tab.waitForFunction((p) => location.pathname === p && document.documentElement.dataset.page === (p === '/' ? 'home' : p), {}, path);
  }
  assert.ok(await marked(tab), 'all client-side');
  await tab.close();
});

shell('should prefetch on focus and when links scroll into view, and not at all on 2g', async () => {
  const { origin, page } = await testSite();
  const fetched = async (connection: { saveData: boolean; effectiveType: string } | null, act: (tab: Page) => Promise<void>) => {
    const tab = await page();
    if (connection) await tab.evaluateOnNewDocument((c) => Object.defineProperty(navigator, 'connection', { value: c }), connection);
    const urls: string[] = [];
    tab.on('request', (req) => { if (req.resourceType() === 'fetch') urls.push(new URL(req.url()).pathname); });
    await tab.goto(`${origin}/kennisbank`, { waitUntil: 'networkidle0' });
    await act(tab);
    await settled(tab);
    await tab.close();
    return urls;
  };
  // The last internal link in main lies below the fold: fetched only once it scrolls into view.
  let below = '';
  const lastLink = async (tab: Page) => {
    below = await tab.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]')];
      const last = links[links.length - 1]!;
      return last.getBoundingClientRect().top > window.innerHeight ? last.pathname : '';
    });
  };
  const top = await fetched(null, lastLink);
  assert.ok(below !== '', 'a link below the fold');
  assert.ok(top.length > 0, 'links in main that are in view');
  assert.not.ok(top.includes('/blog'), 'navbar links only on hover or focus');
  assert.not.ok(top.includes(below), `not yet: ${below} is below the fold`);
  assert.not.ok(top.includes('/kennisbank'), 'never the page itself (its own hash links)');
  const scrolled = await fetched(null, async (tab) => { await tab.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' })); });
  // Links below the fold are fetched as they scroll into view, within the per-page limit (which the links at the bottom may fill before the last one).
  assert.ok(scrolled.some((p) => !top.includes(p)) && scrolled.length <= inViewLimit, `scrolled into view: ${scrolled.join(', ')}`);
  const focus = async (tab: Page) => { await tab.$eval('[data-navbar] a[href="/blog"]', (a) => (a as HTMLElement).focus()); };
  assert.ok((await fetched(null, focus)).includes('/blog'), 'on focus');
  const all = async (tab: Page) => { await focus(tab); await tab.hover('[data-navbar] a[href="/communities/"]'); };
  assert.equal(await fetched({ saveData: false, effectiveType: '2g' }, all), [], 'nothing on 2g');
  assert.equal(await fetched({ saveData: false, effectiveType: 'slow-2g' }, all), [], 'nothing on slow-2g');
});

shell('should offer "Opnieuw proberen" when a lazy chunk fails to load, and load it on retry', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.setRequestInterception(true);
  let fail = true;
  const asked: string[] = [];
  tab.on('request', (req) => {
    const chunk = /\/assets\/search-page-[^/]+\.js.*/.exec(req.url());
    if (chunk) asked.push(chunk[0]);
    if (fail && chunk) void req.abort('failed');
    else void req.continue();
  });
  await tab.goto(`${origin}/zoeken?q=api`, { waitUntil: 'load' });
  await tab.waitForSelector('.lazy-error');
  assert.is(await tab.$eval('.lazy-error button', (b) => b.textContent), 'Opnieuw proberen');
  assert.ok(await tab.$eval('.lazy-error', (el) => el.getAttribute('role') === 'alert' && (el.textContent ?? '').length > 20));
  fail = false;
  await tab.click('.lazy-error button');
  await tab.waitForSelector('.search-status', { timeout: 10_000 });
  assert.not.ok(await tab.$('.lazy-error'));
  // A browser may answer the same import() from its module map with the old failure: the retry
  // asks for another URL, the first load for the plain one.
  assert.is(asked.length, 2, asked.join(', '));
  assert.not.match(asked[0] ?? '', /\?/);
  assert.match(asked[1] ?? '', /\.js\?retry=1$/);
  await tab.close();
});

shell('should render our footer as link columns with the copyright line', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/contact`, { waitUntil: 'load' });
  assert.equal(await tab.$$eval('.footer-columns .footer-title', (hs) => hs.map((h) => h.textContent)), ['Ontwikkelaarsportaal', 'Registers', 'Community', 'Contact', 'Over deze site']);
  assert.not.ok(await tab.$('.footer-row'));
  assert.match(await tab.$eval('.footer-copyright', (p) => p.textContent ?? ''), /^Ontwikkelaarsportaal van de Nederlandse overheid/);
  await tab.close();
});

shell.run();
